// What the app reports to the driver: render counters, time marks, and the parameters of the next
// click. One plain object, so reading it costs nothing measurable.
import type { AuthorData, ItemData, NewItem } from './network'

/** Which list to show, and how to read it. */
export interface View {
  list: string
  /** suspense: the library's suspending read in its recommended boundary; plain: the same read in React's <Suspense>; dle: the non-suspending read. */
  mode: 'suspense' | 'plain' | 'dle'
}

/**
 * Time marks (performance.now()) since the driver armed the probe; each is the first occurrence.
 * listRead is when the list component's read first returned data, listRender when that render began;
 * stored (Tessera only) is when its store applied the last action before that read (the response or
 * the write), before any reader was told.
 */
export type Marks = Partial<Record<'handler' | 'stored' | 'written' | 'request' | 'response' | 'listRender' | 'listRead', number>>

export const probe = {
  /** Row components rendered since the probe was armed. */
  rowRenders: 0,
  marks: {} as Marks,
  /** What the next click on a control acts on. */
  next: {
    view: { list: 'main', mode: 'suspense' } as View,
    list: 'main',
    item: undefined as ItemData | undefined,
    author: undefined as AuthorData | undefined,
    create: undefined as NewItem | undefined,
  },
  /** When the list component last started rendering. */
  renderStart: 0,
  arm(): void {
    this.rowRenders = 0
    this.marks = {}
  },
  mark(name: keyof Marks): void {
    this.marks[name] ??= performance.now()
  },
  /** Tessera's store applied an action: the last one before the list read its new data counts. */
  stored(): void {
    if (this.marks.listRead === undefined) this.marks.stored = performance.now()
  },
  /** The list component starts rendering. */
  listRender(): void {
    this.renderStart = performance.now()
  },
  /** The list component's read returned data: marks it, and the start of that render as listRender. */
  listRead(): void {
    if (this.marks.listRead !== undefined) return
    this.marks.listRead = performance.now()
    this.marks.listRender = this.renderStart
  },
}
