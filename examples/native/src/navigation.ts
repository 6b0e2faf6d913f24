import { createNavigationContainerRef } from '@react-navigation/native'
import type { NativeStackScreenProps } from '@react-navigation/native-stack'

/** The screens and their params. */
export type RootStackParamList = {
  Articles: undefined
  Article: { id: string; title?: string }
}

export type ScreenProps<Name extends keyof RootStackParamList> = NativeStackScreenProps<RootStackParamList, Name>

/**
 * The app's navigation container, for navigating from outside a screen (a notification, a deep
 * link; the tests use it for the back gesture, which the native header handles on a device).
 */
export const navigationRef = createNavigationContainerRef<RootStackParamList>()
