import { ActivityIndicator, Button, StyleSheet, Text, View } from 'react-native'
import type { ErrorFallbackProps } from 'tessera'

/** What a screen shows while its data loads (AsyncBoundary's fallback). */
export function Loading() {
  return (
    <View style={styles.center}>
      <ActivityIndicator />
      <Text>Loading…</Text>
    </View>
  )
}

/** What a screen shows when its data could not be read (AsyncBoundary's errorComponent). */
export function LoadError({ error, resetErrorBoundary }: ErrorFallbackProps) {
  return (
    <View style={styles.center} accessibilityRole="alert">
      <Text>{error.message}</Text>
      <Button title="Try again" onPress={resetErrorBoundary} />
    </View>
  )
}

const styles = StyleSheet.create({
  center: { flex: 1, alignItems: 'center', justifyContent: 'center', gap: 8, padding: 16 },
})
