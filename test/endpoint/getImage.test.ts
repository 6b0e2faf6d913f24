import { getImage } from '../../src/index'
import { getImage as headlessGetImage } from '../../src/headless'
import { createTestStore } from '../helpers/createTestStore'

describe('getImage', () => {
  it('is exported from tessera and tessera/store, as 0.10 apps import it', () => {
    expect(headlessGetImage).toBe(getImage)
    expect(getImage.name).toBe('getImage')
  })

  it('resolves to the src at once where there is no Image (Node, a server render) and caches it under GET <src>', async () => {
    const { controller, store } = createTestStore()
    await expect(controller.fetch(getImage, { src: '/avatars/1.png' })).resolves.toBe('/avatars/1.png')
    expect(getImage.key({ src: '/avatars/1.png' })).toBe('GET /avatars/1.png')
    expect(controller.getResponse(getImage, { src: '/avatars/1.png' }, store.getState()).data).toBe('/avatars/1.png')
  })
})
