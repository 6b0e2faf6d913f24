'use client'
import { DataProvider } from '../react/DataProvider'
import { makeRenderDataClient, type RenderDataClient } from './makeRenderDataClient'

/**
 * data-client's `renderDataHook` (`@data-client/test` 0.14+): `makeRenderDataClient` already made
 * with `DataProvider`, for the common case, so a hook test needs no setup line. Each call renders
 * the hook against a fresh store; `initialFixtures`, `resolverFixtures` and the returned
 * `controller` are makeRenderDataClient's.
 */
export const renderDataHook: RenderDataClient = /* @__PURE__ */ makeRenderDataClient(DataProvider)
