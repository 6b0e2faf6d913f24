'use client'
import { useContext, useEffect, useRef } from 'react'
import { Query } from '../endpoint/Query'
import type { EndpointInterface } from '../endpoint/types'
import type { Controller, FetchCause } from '../store/index'
import { useController } from '../react/useController'
import { navigationContext, type ScreenNavigation } from './platform'

/**
 * What a hook puts down while its screen is out of view, and picks up again: a subscription
 * (polling, a stream), or nothing for a read, whose data stays held (the collector keeps what a
 * mounted screen shows, in view or not). `refetch`: whether coming back into view, the app's
 * return to the foreground and a reconnect refetch the read if stale (not for `useCache`, which
 * never fetches).
 */
export interface Hold {
  readonly take: (controller: Controller, endpoint: EndpointInterface, args: readonly unknown[]) => void
  readonly drop: (controller: Controller, endpoint: EndpointInterface, args: readonly unknown[]) => void
  readonly refetch: boolean
}

const nothing = (): void => undefined

export const READ: Hold = { take: nothing, drop: nothing, refetch: true }

export const CACHED: Hold = { ...READ, refetch: false }

export const SUBSCRIPTION: Hold = {
  take: (controller, endpoint, args) => controller.subscribe(endpoint, ...(args as [])),
  drop: (controller, endpoint, args) => controller.unsubscribe(endpoint, ...(args as [])),
  refetch: false,
}

/**
 * What the React Native provider tells the reads below it (per controller, see nativeController):
 * the app came back to the foreground ('focus') or the device reconnected ('reconnect'). Each
 * read in view refetches itself if stale; reads of screens out of view do not.
 */
export const appEvents = new WeakMap<Controller, Set<(cause: FetchCause) => void>>()

const Navigation = navigationContext()

/** How many hooks read a key on a focused screen and on a blurred one. */
interface Readers {
  focused: number
  blurred: number
}

/**
 * The readers of each key by screen focus, per controller of the React Native provider (see
 * nativeController): what a key out of view is, for its `select`.
 */
export const screenReaders = new WeakMap<Controller, Map<string, Readers>>()

/** Whether every hook that reads `key` is on a blurred screen. */
export function outOfView(readers: Map<string, Readers>, key: string): boolean {
  const count = readers.get(key)
  return count !== undefined && count.focused === 0 && count.blurred > 0
}

function count(readers: Map<string, Readers> | undefined, key: string, side: keyof Readers, delta: 1 | -1): void {
  if (readers === undefined) return
  const entry = readers.get(key) ?? { focused: 0, blurred: 0 }
  entry[side] += delta
  if (entry.focused === 0 && entry.blurred === 0) readers.delete(key)
  else readers.set(key, entry)
}

/** One hook's following of its screen: what `useScreenHold` found, for `useScreenFocus`. */
export interface ScreenHold {
  readonly hold: Hold
  readonly navigation: ScreenNavigation | undefined
  readonly controller: Controller
  readonly endpoint: EndpointInterface
  readonly args: readonly unknown[]
  /** '' when there is nothing to follow (a skipped read). */
  readonly key: string
  /** Whether this hook put its hold down (its screen is blurred); kept across renders. */
  readonly state: { away: boolean }
}

/**
 * Following the screen a hook renders in (React Navigation's focus, when the app has it) takes
 * two hooks around the web hook, because React runs a component's effects, and their cleanups,
 * in the order of its hooks. The web hook takes its hold in its effect; `useScreenFocus`, after
 * it, puts the hold down if the screen is not focused and on each blur (a subscription; a read
 * keeps its data), and picks it up on focus, refetching a stale read. When the hook goes away or its arguments change, this one's cleanup
 * runs first and picks a hold that was put down back up, so the web hook's cleanup puts down
 * exactly the one it took: counts stay right when two screens read one key.
 */
export function useScreenHold(hold: Hold, read: EndpointInterface | Query, args: readonly unknown[]): ScreenHold {
  // A module constant: the same hooks run on every render.
  const navigation = Navigation === undefined ? undefined : useContext(Navigation)
  const controller = useController()
  // A Query is held through the controller's endpoint for it, as useCache reads it.
  const endpoint = read instanceof Query ? controller.queryFor(read) : read
  const state = useRef({ away: false }).current
  const key = args[0] === null || typeof endpoint.key !== 'function' ? '' : endpoint.key(...args)
  useEffect(() => {
    if (key === '' || navigation === undefined) return
    return () => {
      if (!state.away) return
      state.away = false
      hold.take(controller, endpoint, args)
    }
    // The key identifies the argument set; `args` is a new array every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, endpoint, controller, navigation])
  return { hold, navigation, controller, endpoint, args, key, state }
}

/** The second half of `useScreenHold`, called after the web hook. */
export function useScreenFocus(screen: ScreenHold): void {
  const { hold, navigation, controller, endpoint, args, key, state } = screen
  useEffect(() => {
    if (key === '') return
    const refetch = (cause: FetchCause) => {
      if (hold.refetch && !state.away) controller.because(cause, () => controller.fetchIfStale(endpoint, ...(args as []))).catch(ignore)
    }
    // The app's return and a reconnect, for a read in view (or outside any navigator).
    const events = appEvents.get(controller)
    events?.add(refetch)
    if (navigation === undefined) return () => void events?.delete(refetch)
    const readers = screenReaders.get(controller)
    // Which side this hook is counted on, for the cleanup (the hold's own state is reset first).
    let side: keyof Readers = 'focused'
    count(readers, key, side, 1)
    const move = (to: keyof Readers) => {
      count(readers, key, side, -1)
      count(readers, key, (side = to), 1)
    }
    const blur = () => {
      if (state.away) return
      state.away = true
      move('blurred')
      hold.drop(controller, endpoint, args)
    }
    const focus = () => {
      if (!state.away) return
      state.away = false
      move('focused')
      hold.take(controller, endpoint, args)
      refetch('focus')
    }
    if (!navigation.isFocused()) blur()
    const offFocus = navigation.addListener('focus', focus)
    const offBlur = navigation.addListener('blur', blur)
    return () => {
      offFocus()
      offBlur()
      events?.delete(refetch)
      count(readers, key, side, -1)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, endpoint, controller, navigation])
}

function ignore(): void {}
