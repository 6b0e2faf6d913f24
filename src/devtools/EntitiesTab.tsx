'use client'
import { useState } from 'react'
import { DataTree } from './DataTree'
import { countRecords, describeEntities } from './entities'
import type { Recorder } from './recorder'

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
              {records.map((record) => (
                <li key={record.pk} data-record={`${type.key} ${record.pk}`}>
                  <details>
                    <summary>
                      {type.key} {record.pk}
                      {record.tombstone && ' · deleted (tombstone)'}
                      {record.guess && ` · guess: ${record.guess.fields.join(', ')}`}
                      <span className="td-muted"> · held by {record.heldBy.length === 0 ? 'no key' : record.heldBy.join(', ')}</span>
                    </summary>
                    {record.guess && (
                      <p>
                        Pending guess by {record.guess.mutations.join(', ')}: {record.guess.fields.map((field) => `${field} → ${JSON.stringify((record.guess!.value as Record<string, unknown> | null)?.[field])}`).join(', ')}
                      </p>
                    )}
                    <DataTree value={record.value} label="record" />
                  </details>
                </li>
              ))}
            </ul>
          </section>
        )
      })}
      {types.length === 0 && <p className="td-muted">No entities stored.</p>}
    </div>
  )
}
