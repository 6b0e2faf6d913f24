'use client'
import { useMemo, type ReactNode } from 'react'
import { ControllerContext } from '../react/context'
import { useController } from '../react/useController'
import type { Controller } from '../store/Controller'

/**
 * Gives the hooks below it a controller made by `intercept` from the one they would use (once per
 * controller and `intercept`), through ControllerContext: reads still follow the nearest
 * provider's store, so the two trees share one cache.
 */
export function ProvideController({ intercept, children }: { intercept: (controller: Controller) => Controller; children?: ReactNode }) {
  const outer = useController()
  const controller = useMemo(() => intercept(outer), [outer, intercept])
  return <ControllerContext.Provider value={controller}>{children}</ControllerContext.Provider>
}
