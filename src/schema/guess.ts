// Records made by optimistic guesses for entities the cache does not hold yet (a `create` shown
// before the server answers). They only ever live in a read view, never in the state: the view
// is rebuilt from the state and the pending calls on every change.
let guesses: WeakSet<object> | undefined

/** Notes that `record` is a guess's new record. */
export function markGuess(record: object): void {
  ;(guesses ??= new WeakSet()).add(record)
}

/** True for a record an optimistic guess created. */
export function isGuess(record: object): boolean {
  return guesses !== undefined && guesses.has(record)
}

interface Validating {
  validate?(processed: any): string | undefined | void | false | null
  readonly defaults?: object
}

/**
 * The schema's `validate` of a record; a guess's new record is judged with the class defaults
 * filling the fields it leaves out (they read as those defaults), so `validateRequired` on a
 * detail class does not hide a new row from its lists until the server answers.
 */
export function validateRecord(schema: Validating, record: object): string | undefined | void | false | null {
  if (typeof schema.validate !== 'function') return undefined
  return schema.validate(isGuess(record) && schema.defaults !== undefined ? { ...schema.defaults, ...record } : record)
}
