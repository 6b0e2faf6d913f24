// Renders the app and moves around it as a user does.
import { act, fireEvent, render, screen } from '@testing-library/react-native'
import App from '../App'
import { navigationRef } from '../src/navigation'
import { settle } from './fakeApi'

export const LIST_TITLE = 'Rethinking normalized caches'
export const ARTICLE_3_BODY = 'A single normalized cache turned three requests into one.'

/** Renders the app and waits for the list. */
export async function renderApp(): Promise<void> {
  render(<App />)
  await screen.findByText(LIST_TITLE)
  await settle()
}

/** Taps the newest article in the list and waits for its body. */
export async function openArticle(): Promise<void> {
  fireEvent.press(screen.getByLabelText(`Open ${LIST_TITLE}`))
  await screen.findByText(ARTICLE_3_BODY)
  await settle()
}

/** The back button / gesture: pops the detail screen. */
export async function goBack(): Promise<void> {
  await act(async () => navigationRef.goBack())
  await settle()
}

/** Taps "Like" on the article screen. */
export async function pressLike(): Promise<void> {
  fireEvent.press(screen.getByRole('button', { name: 'Like' }))
  await settle()
}
