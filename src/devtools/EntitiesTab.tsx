'use client'
import { useState } from 'react'
import { DataTree } from './DataTree'
import { countRecords, describeEntities, type EntityRecord } from './entities'
import type { Recorder } from './recorder'

/** How many records of one type are listed. */
const SHOWN = 200

/** One record: a summary line, and its guess and data once opened (closed records draw nothing more). */
function RecordItem({ type, record }: { type: string; record: EntityRecord }) {
  const [open, setOpen] = useState(false)
  return (
    <li data-record={`${type} ${record.pk}`}>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          {type} {record.pk}
          {record.tombstone && ' · deleted (tombstone)'}
          {record.guess && ` · guess: ${record.guess.fields.join(', ')}`}
          <span className="td-muted"> · held by {record.heldBy.length === 0 ? 'no key' : record.heldBy.join(', ')}</span>
        </summary>
        {open && record.guess && (
          <p>
            Pending guess by {record.guess.mutations.join(', ')}: {record.guess.fields.map((field) => `${field} → ${JSON.stringify((record.guess!.value as Record<string, unknown> | null)?.[field])}`).join(', ')}
          </p>
        )}
        {open && <DataTree value={record.value} label="record" />}
      </details>
    </li>
  )
}

/** The Entities tab: every entity type and record, the keys holding each, pending guesses and tombstones. */
export function EntitiesTab({ recorder }: { recorder: Recorder }) {
  const [filter, setFilter] = useState('')
  const types = describeEntities(recorder)
  const match = filter.toLowerCase()
  return (
    <div>
      <div className="td-tools">
        <input type="search" aria-label="Filter records" placeholder="Filter by type or pk" value={filter} onChange={(event) => setFilter(event.target.value)} />
        <span className="td-muted">
          {types.length} types, {countRecords(types)} records
        </span>
      </div>
      {types.map((type) => {
        const records = type.records.filter((record) => !match || type.key.toLowerCase().includes(match) || record.pk.toLowerCase().includes(match))
        if (records.length === 0) return null
        return (
          <section key={type.key} aria-label={`Entity ${type.key}`}>
            <h3>
              {type.key} <span className="td-muted">({records.length})</span>
            </h3>
            <ul>
              {records.slice(0, SHOWN).map((record) => (
                <RecordItem key={record.pk} type={type.key} record={record} />
              ))}
            </ul>
            {records.length > SHOWN && (
              <p className="td-muted">
                … {records.length - SHOWN} more {type.key} records: filter by pk to find one.
              </p>
            )}
          </section>
        )
      })}
      {types.length === 0 && <p className="td-muted">No entities stored.</p>}
    </div>
  )
}
