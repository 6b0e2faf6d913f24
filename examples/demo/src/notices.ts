// Messages about things that failed after the user moved on (a save that was rolled back).
// Module state, which is right for the browser only: notices come from the user's own actions,
// so a server render (and the hydration after it) shows none.
import { useSyncExternalStore } from 'react'

export interface Notice {
  id: number
  message: string
}

const NONE: readonly Notice[] = []
let notices = NONE
let nextId = 1
const listeners = new Set<() => void>()

function emit(next: readonly Notice[]): void {
  notices = next
  for (const listener of listeners) listener()
}

export function notify(message: string): void {
  emit([...notices, { id: nextId++, message }])
}

export function dismiss(id: number): void {
  emit(notices.filter((notice) => notice.id !== id))
}

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    () => notices,
    () => NONE,
  )
}
