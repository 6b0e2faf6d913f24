// The headless part of the devtools, the same in both entries: what the panel shows, as data.
export { createRecorder, describeAction, type Recorder, type RecorderOptions, type RecordedAction, type ReplayedSession, type KnownRead } from './recorder'
export { recorderFor } from './recorderFor'
export { describeKeys, formatCountdown, type KeyRow, type KeyStatus, type KeysContext } from './keys'
export { describeEntities, type EntityType, type EntityRecord, type Guess } from './entities'
export { describeWaitingMutations, type WaitingMutation } from './mutations'
export { keyActions, FORCED_ERROR, type KeyActions } from './keyActions'
export { exportSession, parseSession, replaySession, SessionError, SESSION_FORMAT, SESSION_VERSION, MAX_SESSION_SIZE, MAX_SESSION_ACTIONS, type Session, type ExportOptions } from './session'
export type { DevtoolsOptions } from './useRecorders'
