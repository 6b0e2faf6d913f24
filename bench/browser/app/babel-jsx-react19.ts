// @data-client/react 0.10 is compiled with Babel's inline JSX helper (@babel/runtime/helpers/jsx),
// which builds element objects by hand and stamps them Symbol.for('react.element'). React 19
// renders only elements made by its own runtime (Symbol.for('react.transitional.element')) and
// throws minified error #525 ("A React Element from an older version of React was rendered") at
// the first one. vite.config.mjs resolves that helper to this file for @data-client's modules
// only: the same call, made through React's createElement.
import { createElement, type ElementType } from 'react'

export default function jsx(type: ElementType, props: Record<string, unknown> | null, key?: string | number, ...children: unknown[]) {
  return createElement(type, key === undefined ? props : { ...props, key }, ...(children as []))
}
