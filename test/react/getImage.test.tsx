import { act, screen } from '@testing-library/react'
import { getImage, useSuspense } from '../../src/index'
import { renderWithStore } from '../helpers/renderWithStore'

/** A stand-in for the browser's Image: the test decides when each one loads or fails. */
class FakeImage {
  static made: FakeImage[] = []
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  src = ''
  constructor() {
    FakeImage.made.push(this)
  }
}

function Avatar({ src }: { src: string }) {
  const loaded = useSuspense(getImage, { src })
  return <img alt="avatar" src={loaded} />
}

describe('getImage in a component', () => {
  const original = (globalThis as { Image?: unknown }).Image
  beforeEach(() => {
    FakeImage.made = []
    ;(globalThis as { Image?: unknown }).Image = FakeImage
  })
  afterAll(() => {
    ;(globalThis as { Image?: unknown }).Image = original
  })

  it('suspends until the browser has loaded the image, then renders it', async () => {
    renderWithStore(<Avatar src="/a.png" />)
    expect(screen.getByText('Loading…')).toBeTruthy()
    await act(async () => {})
    expect(FakeImage.made.map((img) => img.src)).toEqual(['/a.png'])
    expect(screen.queryByRole('img')).toBeNull()
    await act(async () => FakeImage.made[0].onload?.())
    expect(screen.getByRole('img').getAttribute('src')).toBe('/a.png')
  })

  it('renders the image after a failed load too, so the browser shows its own fallback', async () => {
    renderWithStore(<Avatar src="/missing.png" />)
    await act(async () => {})
    await act(async () => FakeImage.made[0].onerror?.())
    expect(screen.getByRole('img').getAttribute('src')).toBe('/missing.png')
  })
})
