'use client'
import { useState, type ReactNode } from 'react'

/** True when `value`, or anything inside it, mentions `search` (case-insensitive), in a key or a value. */
function mentions(value: unknown, search: string, name = ''): boolean {
  if (name.toLowerCase().includes(search)) return true
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, inner]) => mentions(inner, search, key))
  return String(value).toLowerCase().includes(search)
}

/** How many children of one node are drawn before a "more" line: a 10k-row list stays cheap to show. */
const SHOWN = 100

function Node({ name, value, search, depth }: { name: string; value: unknown; search: string; depth: number }): ReactNode {
  // Open to the second level at first; what is closed is not drawn at all (a big list costs nothing until opened).
  const [open, setOpen] = useState(depth < 2)
  if (search && !mentions(value, search, name)) return null
  if (value === null || typeof value !== 'object') {
    return (
      <li>
        <span className="td-muted">{name}: </span>
        {typeof value === 'string' ? JSON.stringify(value) : String(value)}
      </li>
    )
  }
  // While searching, only what matches is listed (and counted), so a match past the first hundred shows.
  const entries = Object.entries(value).filter(([key, inner]) => !search || mentions(inner, search, key))
  const shown = open || !!search
  return (
    <li>
      <details open={shown} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          {name} <span className="td-muted">{Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`}</span>
        </summary>
        {shown && (
          <ul className="td-tree">
            {entries.slice(0, SHOWN).map(([key, inner]) => (
              <Node key={key} name={key} value={inner} search={search} depth={depth + 1} />
            ))}
            {entries.length > SHOWN && <li className="td-muted">… {entries.length - SHOWN} more{search ? ' matching' : ' (search to find one)'}</li>}
          </ul>
        )}
      </details>
    </li>
  )
}

/** An expandable view of JSON-like data, with a search box and a button copying it as JSON. */
export function DataTree({ value, label }: { value: unknown; label: string }) {
  const [search, setSearch] = useState('')
  const [copied, setCopied] = useState(false)
  const copy = () => {
    void (globalThis.navigator as Navigator | undefined)?.clipboard?.writeText(JSON.stringify(value, null, 2)).then(() => setCopied(true), () => undefined)
  }
  return (
    <div>
      <div className="td-tools">
        <input type="search" aria-label={`Search ${label}`} placeholder="Search" value={search} onChange={(event) => setSearch(event.target.value.toLowerCase())} />
        <button type="button" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      {value === undefined ? (
        <p className="td-muted">Nothing stored.</p>
      ) : (
        <ul className="td-tree" aria-label={label}>
          <Node name={label} value={value} search={search} depth={0} />
        </ul>
      )}
    </div>
  )
}
