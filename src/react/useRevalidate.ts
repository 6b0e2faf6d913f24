'use client'
import { useCallback } from 'react'
import { useDataContext } from './context'

/**
 * A function that refetches every stale read on screen. React Navigation users call it on screen
 * focus (`useFocusEffect(useRevalidate())`) to get what the browser gets on `visibilitychange`.
 */
export function useRevalidate(): () => void {
  const { controller } = useDataContext('useRevalidate')
  return useCallback(() => controller.revalidate(), [controller])
}
