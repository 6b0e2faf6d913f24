/**
 * The browser's `window` or `document` when it is one that takes event listeners, or undefined.
 * Where there is none (a server render, Node) and where there is one without listeners (React
 * Native sets `window` to the global object, which has no `addEventListener`) the listeners that
 * would follow the page ('online', 'visibilitychange') are simply not added: those platforms
 * say such things some other way.
 */
export function globalEventTarget(name: 'window' | 'document'): EventTarget | undefined {
  const target = (globalThis as { window?: Partial<EventTarget>; document?: Partial<EventTarget> })[name]
  return typeof target?.addEventListener === 'function' && typeof target.removeEventListener === 'function' ? (target as EventTarget) : undefined
}
