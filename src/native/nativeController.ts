import { ExpiryStatus, type Controller } from '../store/index'
import { appEvents, outOfView, screenReaders } from './screenFocus'

/**
 * The controller the React Native provider gives its hooks: the store's own, except that a read
 * whose every reader is on a blurred screen never looks Stale (it shows Valid), so the web hooks'
 * refresh of stale data on a re-render does not fire for a screen out of view, when another
 * screen's update makes it render. Back in view, the read looks as it is, and the screen's focus
 * refetches it. Everything else is the store's controller itself: each method is the store's,
 * bound to it (a Proxy, since its private fields would not follow an object that inherits from it).
 */
export function nativeController(controller: Controller): Controller {
  const readers = new Map()
  const bound = new Map<PropertyKey, { readonly of: unknown; readonly fn: unknown }>()
  const select: Controller['select'] = (endpoint, args, state, key) => {
    const view = controller.select(endpoint, args, state, key)
    return view.expiryStatus === ExpiryStatus.Stale && outOfView(readers, view.key) ? { ...view, expiryStatus: ExpiryStatus.Valid } : view
  }
  const proxy = new Proxy(controller, {
    get(target, property) {
      if (property === 'select') return select
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      let entry = bound.get(property)
      if (entry?.of !== value) bound.set(property, (entry = { of: value, fn: (value as (...args: unknown[]) => unknown).bind(target) }))
      return entry.fn
    },
  })
  screenReaders.set(proxy, readers)
  appEvents.set(proxy, new Set())
  return proxy
}
