import { isRecord } from '../schema/kinds'
import type { QueuedMutation } from './OfflineManager'

/** Whether a value read from storage (the persister) or a channel (syncTabs) is a queued mutation. */
export function isQueuedMutation(item: unknown): item is QueuedMutation {
  return (
    isRecord(item) &&
    typeof item.id === 'string' &&
    typeof item.name === 'string' &&
    typeof item.key === 'string' &&
    Array.isArray(item.args) &&
    typeof item.fetchedAt === 'number'
  )
}
