// What the React Native build finds of the app's native modules. Each is looked up with a literal
// `require` inside `try`: Metro (and the React Native jest preset's Babel) compile that to a lookup
// that may fail, so an app without React Navigation or NetInfo installs and runs the same, minus
// what they bring. Tessera itself depends on none of them.
import type { ComponentType, Context, ReactNode } from 'react'
import type { NetworkSource } from '../store/network'

declare const require: ((id: string) => unknown) | undefined

/** The part of React Navigation's `navigation` object a screen's reads follow. */
export interface ScreenNavigation {
  isFocused(): boolean
  addListener(type: 'focus' | 'blur', listener: () => void): () => void
}

/** The part of React Native's `AppState` the provider follows. */
export interface AppStateLike {
  readonly currentState?: string | null
  addEventListener(type: 'change', listener: (state: string) => void): { remove(): void } | undefined
}

interface NetInfoState {
  readonly isConnected?: boolean | null
}

interface NetInfoModule {
  addEventListener(listener: (state: NetInfoState) => void): () => void
}

/** React Navigation's NavigationContext (each screen's `navigation`), when the app has React Navigation. */
export function navigationContext(): Context<ScreenNavigation | undefined> | undefined {
  try {
    return (require!('@react-navigation/native') as { NavigationContext?: Context<ScreenNavigation | undefined> }).NavigationContext
  } catch {
    return undefined
  }
}

/** The React Native components the native error fallback renders with. */
export interface NativeViews {
  readonly View: ComponentType<{ accessibilityRole?: string; children?: ReactNode }>
  readonly Text: ComponentType<{ children?: ReactNode }>
  readonly Button: ComponentType<{ title: string; onPress: () => void }>
}

/** React Native's View, Text and Button (undefined outside React Native). */
export function nativeViews(): NativeViews | undefined {
  try {
    const views = require!('react-native') as Partial<NativeViews>
    return views.View && views.Text && views.Button ? (views as NativeViews) : undefined
  } catch {
    return undefined
  }
}

/** React Native's AppState (undefined when this build runs elsewhere, such as a web test). */
export function appState(): AppStateLike | undefined {
  try {
    return (require!('react-native') as { AppState?: AppStateLike }).AppState
  } catch {
    return undefined
  }
}

/**
 * NetInfo as a network source, when `@react-native-community/netinfo` is installed. Unknown
 * (`isConnected: null`, before NetInfo's first answer) counts as online: requests then tell.
 */
export function netInfoSource(): NetworkSource | undefined {
  let netInfo: NetInfoModule | undefined
  try {
    const module = require!('@react-native-community/netinfo') as { default?: NetInfoModule } & Partial<NetInfoModule>
    netInfo = typeof module.addEventListener === 'function' ? (module as NetInfoModule) : module.default
  } catch {
    return undefined
  }
  if (netInfo === undefined || typeof netInfo.addEventListener !== 'function') return undefined
  const device = netInfo
  let online = true
  const listeners = new Set<(online: boolean) => void>()
  let unsubscribe: (() => void) | undefined
  // One NetInfo subscription for the app, made on first use and kept: NetInfo calls it at once
  // with the current state, then with each change.
  const follow = () =>
    (unsubscribe ??= device.addEventListener((state) => {
      const next = state.isConnected !== false
      if (next === online) return
      online = next
      for (const listener of listeners) listener(next)
    }))
  return {
    online: () => (follow(), online),
    subscribe(listener) {
      follow()
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
