'use client'
// The boundaries of the React Native build: the web ones, whose default error fallbacks render
// HTML elements (a `div`, a `button`) that React Native cannot draw, with a fallback of React
// Native's own components in their place. A fallback the app gives is used as it is.
import { AsyncBoundary as WebAsyncBoundary, ErrorBoundary as WebErrorBoundary, type AsyncBoundaryProps, type ErrorFallbackProps } from '../react/AsyncBoundary'
import { NetworkErrorBoundary as WebNetworkErrorBoundary } from '../react/NetworkErrorBoundary'
import { nativeViews } from './platform'

/**
 * The error a boundary caught, on a device: its status line, its message and a Retry button
 * (which refetches the read that failed), as the web fallback shows them.
 */
export function NativeErrorFallback({ error, resetErrorBoundary }: ErrorFallbackProps) {
  const views = nativeViews()
  const { status, response } = error as Error & { status?: unknown; response?: { statusText?: unknown } }
  const heading = status === undefined ? '' : `${String(status)} ${String(response?.statusText ?? '')}`.trim()
  // Outside React Native (a web test of shared code): nothing a DOM cannot draw either.
  if (views === undefined) return null
  const { View, Text, Button } = views
  return (
    <View accessibilityRole="alert">
      {heading !== '' && !String(error.message).startsWith(heading) && <Text>{heading}</Text>}
      <Text>{error.message}</Text>
      <Button title="Retry" onPress={resetErrorBoundary} />
    </View>
  )
}

/** AsyncBoundary for React Native: its error fallback, unless given, is drawn with React Native's components. */
export function AsyncBoundary(props: AsyncBoundaryProps) {
  return <WebAsyncBoundary {...props} errorComponent={props.errorComponent ?? NativeErrorFallback} />
}

/** ErrorBoundary for React Native: its default fallback is drawn with React Native's components. */
export class ErrorBoundary extends WebErrorBoundary {
  static defaultProps = { fallbackComponent: NativeErrorFallback }
}

/** NetworkErrorBoundary for React Native: its default fallback is drawn with React Native's components. */
export class NetworkErrorBoundary extends WebNetworkErrorBoundary {
  static defaultProps = { fallbackComponent: NativeErrorFallback }
}
