import { JSDOM } from 'jsdom'

/** A jsdom window installed on Node's globals, and the way to take it off again. */
export interface GlobalJsdom {
  readonly dom: JSDOM
  uninstall(): void
}

/**
 * What `global-jsdom` does (and node:test suites do by hand): every property of a jsdom window
 * that Node's globals lack goes on `globalThis`, with `window` and `document`. The test keeps
 * Node's realm (its AbortController, fetch, Event…) and the DOM lives in jsdom's, which is the
 * mix such suites run in. `url` is the page's address (what relative URLs resolve against).
 */
export function installGlobalJsdom(html = '<!doctype html><html><body><div id="root"></div></body></html>', url = 'http://localhost/'): GlobalJsdom {
  const dom = new JSDOM(html, { url, pretendToBeVisual: true })
  const scope = globalThis as Record<string, unknown>
  const added = Object.getOwnPropertyNames(dom.window).filter((name) => !name.startsWith('_') && !(name in scope))
  for (const name of added) scope[name] = (dom.window as unknown as Record<string, unknown>)[name]
  scope.window = dom.window
  scope.document = dom.window.document
  scope.IS_REACT_ACT_ENVIRONMENT = true
  return {
    dom,
    uninstall() {
      for (const name of [...added, 'window', 'document', 'IS_REACT_ACT_ENVIRONMENT']) delete scope[name]
      dom.window.close()
    },
  }
}
