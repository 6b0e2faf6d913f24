// An app's module that imports from every entry point of the packed package. check-types-consumers
// compiles it once per moduleResolution mode. A name TypeScript cannot resolve is an error, and
// one it resolves to `any` (what a declaration file's broken import gives, silently) is made an
// error below: every value and type imported here must have its real type.
import { AsyncBoundary, DataProvider, Entity, createResource, useController, useSuspense } from 'tessera'
import type { Denormalize, State } from 'tessera'
import { Controller, RestEndpoint, createStore, schema } from 'tessera/store'
import type { Manager, Store } from 'tessera/store'
import { act, interceptController, makeRenderDataClient, mockInitialState, MockResolver } from 'tessera/test'
import type { Fixture, RenderDataClient } from 'tessera/test'
import { createServerData, hydrateAction, receiveServerData, takeServerData } from 'tessera/ssr'
import type { ServerData, ServerDataBatch } from 'tessera/ssr'
import { DataProvider as NextDataProvider, HydrateData } from 'tessera/nextjs'
import type { HydrateDataProps } from 'tessera/nextjs'
import { ServerData as NextServerData, getServerStore } from 'tessera/nextjs/server'
import type { ServerDataProps } from 'tessera/nextjs/server'
import { OfflineManager, indexedDBStorage, persist, syncTabs, usePendingMutations } from 'tessera/offline'
import type { OfflineOptions, PersistStorage } from 'tessera/offline'
import { LiveError, LiveManager } from 'tessera/live'
import type { LiveOptions, LiveSocket } from 'tessera/live'
import { TesseraDevtools, TesseraDevtoolsPanel, createRecorder, parseSession } from 'tessera/devtools'
import type { Recorder, Session } from 'tessera/devtools'
import { TesseraDevtools as ProductionDevtools } from 'tessera/devtools/production'

// Only `any` (and `never`) can be assigned to a fresh unique symbol. The usual `0 extends 1 & T`
// test does not work here: a name whose import TypeScript could not follow has its error type, an
// `any` that turns that test itself into `any`, so it would pass.
declare const onlyAnyFits: unique symbol
/** The names among T's properties whose type is `any`; `never` when there is none. */
type AnyNames<T> = { [K in keyof T]: [T[K]] extends [typeof onlyAnyFits] ? K : never }[keyof T]
/** `true` when no property of T is `any`, else the names that are (the error shows them when TypeScript can spell them out). */
type NoneAny<T> = [AnyNames<T>] extends [never] ? true : AnyNames<T>

const values = {
  AsyncBoundary, DataProvider, Entity, createResource, useController, useSuspense,
  Controller, RestEndpoint, createStore, schema,
  act, interceptController, makeRenderDataClient, mockInitialState, MockResolver,
  createServerData, hydrateAction, receiveServerData, takeServerData,
  NextDataProvider, HydrateData,
  NextServerData, getServerStore,
  OfflineManager, indexedDBStorage, persist, syncTabs, usePendingMutations,
  LiveError, LiveManager,
  TesseraDevtools, TesseraDevtoolsPanel, createRecorder, parseSession, ProductionDevtools,
}
interface Types {
  Denormalize: Denormalize<typeof Article>
  State: State
  Manager: Manager
  Store: Store
  Fixture: Fixture
  RenderDataClient: RenderDataClient
  ServerData: ServerData
  ServerDataBatch: ServerDataBatch
  HydrateDataProps: HydrateDataProps
  ServerDataProps: ServerDataProps
  OfflineOptions: OfflineOptions
  PersistStorage: PersistStorage
  LiveOptions: LiveOptions
  LiveSocket: LiveSocket
  Recorder: Recorder
  Session: Session
}
export const noValueIsAny: NoneAny<typeof values> = true
export const noTypeIsAny: NoneAny<Types> = true

// The types carry through a call, as they do for an app.
class Article extends Entity {
  id = ''
  title = ''
  pk() {
    return this.id
  }
  static key = 'Article'
}
const ArticleResource = createResource({ path: '/articles/:id', schema: Article })

export function useTitle(): string {
  return useSuspense(ArticleResource.get, { id: '1' }).title
}

export function misuses(store: Store) {
  // @ts-expect-error the path's id is required
  void ArticleResource.get({})
  // @ts-expect-error an article's title is a string
  const title: number = store.controller.getResponse(ArticleResource.get, { id: '1' }, store.getState()).data!.title
  return title
}
