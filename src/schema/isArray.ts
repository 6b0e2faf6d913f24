/**
 * `Array.isArray` under a name a minifier can shorten: it is called on every value a schema
 * walks, in some forty places, and the property access cannot be renamed.
 */
export const isArray: (value: any) => value is any[] = Array.isArray
