import type { Store } from '../store/createStore'
import { createRecorder, type Recorder } from './recorder'

const recorders = new WeakMap<Store, Recorder>()

/**
 * The one recorder of `store` (made on first call, named `name`): the floating button, an embedded
 * panel and a test all see the same recording, started when the first of them mounted.
 */
export function recorderFor(store: Store, name = 'store'): Recorder {
  let recorder = recorders.get(store)
  if (recorder === undefined) recorders.set(store, (recorder = createRecorder(store, { name })))
  return recorder
}
