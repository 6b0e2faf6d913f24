// The relay: what this tab's store receives goes to the others, and theirs comes in, as
// `tessera/hydrate` actions (validated like server data: another tab, or other code on the
// channel, is as untrusted as a page).

import { RECEIVE } from '../../store/actionTypes'
import type { ReceiveAction } from '../../store/actions'
import type { Store } from '../../store/createStore'
import { hydrateAction, type ServerDataBatch } from '../../ssr/hydrate'
import type { Tab } from './channel'

/** Posts the responses `store` receives to the other tabs. @returns what stops it. */
export function relayResponses(store: Store, tab: Tab): () => void {
  // Responses are posted together once the current task is done: a fetch of a page and its
  // pagination update, or a burst of answers, is one message and one hydrate action elsewhere.
  let outgoing: ReceiveAction[] = []
  return store.subscribe((action) => {
    // Responses only: a hydrate (another tab's data among others) is never posted, which is what
    // stops echoes; failures stay in the tab that had them (each tab retries its own reads).
    if (action.type !== RECEIVE || action.error) return
    if (outgoing.push(action) === 1) {
      queueMicrotask(() => {
        const actions = outgoing
        outgoing = []
        tab.post({ type: 'data', from: tab.id, batch: { now: store.controller.now(), actions } })
      })
    }
  })
}

/** Merges another tab's responses into `store`; a malformed batch is reported and dropped. */
export function receiveResponses(store: Store, batch: ServerDataBatch, tab: Tab): void {
  try {
    // Tabs share one clock: times are taken as they are (an answer keeps the fetchedAt
    // that matches this tab's optimistic layer for the same queued mutation).
    store.dispatch(hydrateAction(batch, batch?.now))
  } catch (error) {
    tab.report(error, 'with data from another tab was malformed')
  }
}
