// Where the server's data scripts go into React's HTML stream: a Node writable (`pipe`) or a web
// TransformStream (`transform`), the scripts due written ahead of each chunk React writes.

/**
 * The writable `pipe` returns: what React's `renderToPipeableStream(...).pipe` writes to (and
 * what `destination` must offer), so no Node types are needed to use it.
 */
export interface PipeDestination {
  write(chunk: any, ...rest: any[]): boolean
  end(...args: any[]): unknown
  on(event: string, listener: (...args: any[]) => void): unknown
  once?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
  off?(event: string, listener: (...args: any[]) => void): unknown
  emit?(event: string, ...args: any[]): unknown
  flush?(): void
  destroy?(error?: Error): unknown
}

/**
 * A writable for React that writes to `destination`, with `takeHTML()`'s scripts put in; `close`
 * runs when the stream ends or is destroyed. It forwards everything React uses of a writable.
 */
export function pipeWithData<W extends PipeDestination>(destination: W, takeHTML: () => string, close: () => void): W {
  const injector = createInjector(takeHTML, (chunk) => destination.write(chunk))
  const forward = (name: 'on' | 'once' | 'removeListener' | 'off') =>
    function (this: PipeDestination, event: string, listener: (...args: any[]) => void) {
      destination[name]?.(event, listener)
      return this
    }
  return {
    write: (chunk: unknown) => injector.write(chunk),
    end(...args: any[]) {
      injector.end()
      close()
      return destination.end(...args)
    },
    on: forward('on'),
    once: forward('once'),
    removeListener: forward('removeListener'),
    off: forward('off'),
    emit: (event: string, ...args: any[]) => destination.emit?.(event, ...args),
    // Compression middleware's flush, which React calls after each batch when present.
    flush: () => destination.flush?.(),
    destroy(error?: Error) {
      close()
      return destination.destroy?.(error)
    },
  } as PipeDestination as W
}

/** A TransformStream that puts `takeHTML()`'s scripts into the HTML passing through; `close` runs at its end. */
export function transformWithData(takeHTML: () => string, close: () => void): TransformStream<Uint8Array, Uint8Array> {
  let output!: TransformStreamDefaultController<Uint8Array>
  const injector = createInjector(takeHTML, (chunk) => {
    output.enqueue(typeof chunk === 'string' ? (encoder ??= new TextEncoder()).encode(chunk) : chunk)
    return true
  })
  return new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      output = controller
    },
    transform(chunk) {
      injector.write(chunk)
    },
    flush() {
      injector.end()
      close()
    },
  })
}

// Made on first use: jsdom (where apps test their components) has no TextEncoder.
let encoder: TextEncoder | undefined

/**
 * Puts the data scripts into React's HTML. A whole document (it starts with a doctype or
 * `<html>`) is held until its `</head>` has been seen and the first scripts go just before it, so
 * the shell's data runs before any client script; after that (and for a fragment from the start)
 * the scripts due go ahead of each chunk. React writes a resolved boundary in one synchronous
 * flush and responses arrive between flushes, so data never lands inside a boundary's HTML.
 */
function createInjector(takeHTML: () => string, write: (chunk: Uint8Array | string) => boolean) {
  // Undefined: nothing seen yet; a string: the start of a document, held until its head closes.
  let head: string | undefined
  let streaming = false
  const decoder = new TextDecoder()
  const flushHead = (text: string): boolean => {
    streaming = true
    head = undefined
    const end = text.search(/<\/head>/i)
    const at = end === -1 ? 0 : end
    return write(text.slice(0, at) + takeHTML() + text.slice(at))
  }
  return {
    write(chunk: unknown): boolean {
      const bytes = chunk as Uint8Array | string
      if (streaming) {
        const html = takeHTML()
        if (html) write(html)
        return write(bytes)
      }
      const text = (head ?? '') + (typeof bytes === 'string' ? bytes : decoder.decode(bytes, { stream: true }))
      if (head === undefined && !/^\s*<(!doctype|html)/i.test(text)) return flushHead(text)
      if (/<\/head>/i.test(text)) return flushHead(text)
      head = text
      return true
    },
    /** The stream ends: what is held, and any data still due, go out. */
    end(): void {
      if (!streaming && head !== undefined) flushHead(head)
      const html = takeHTML()
      if (html) write(html)
    },
  }
}
