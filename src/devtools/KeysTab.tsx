'use client'
import { useState } from 'react'
import type { WaitingRequest } from '../offline/retry'
import { describeKeys, formatCountdown, type KeyRow, type KeyStatus } from './keys'
import { KeyDetail } from './KeyDetail'
import type { Recorder } from './recorder'

const ORDER: Record<KeyStatus, number> = { error: 0, paused: 1, fetching: 2, invalid: 3, stale: 4, fresh: 5 }
const SORTS: Record<string, (a: KeyRow, b: KeyRow) => number> = {
  key: (a, b) => a.key.localeCompare(b.key),
  status: (a, b) => ORDER[a.status] - ORDER[b.status] || a.key.localeCompare(b.key),
  'stale in': (a, b) => (a.staleIn ?? Infinity) - (b.staleIn ?? Infinity),
  readers: (a, b) => b.readers - a.readers || a.key.localeCompare(b.key),
}

const status = (row: KeyRow) => (row.status === 'paused' ? 'paused offline' : row.status)

/** The Keys tab: every endpoint key with its status and timers, a filter, a sort, and the selected key's detail. */
export function KeysTab({ recorder, now, online, waiting }: { recorder: Recorder; now: number; online: boolean; waiting: readonly WaitingRequest[] }) {
  const [filter, setFilter] = useState('')
  const [sort, setSort] = useState('key')
  const [selected, setSelected] = useState<string | undefined>()
  const rows = describeKeys(recorder, { now, online, waiting })
    .filter((row) => row.key.toLowerCase().includes(filter.toLowerCase()) || status(row).includes(filter.toLowerCase()))
    .sort(SORTS[sort])
  const detail = rows.find((row) => row.key === selected)
  return (
    <div className="td-split">
      <div>
        <div className="td-tools">
          <input type="search" aria-label="Filter keys" placeholder="Filter keys or status" value={filter} onChange={(event) => setFilter(event.target.value)} />
          <label>
            Sort{' '}
            <select aria-label="Sort keys" value={sort} onChange={(event) => setSort(event.target.value)}>
              {Object.keys(SORTS).map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
        </div>
        <table aria-label="Keys">
          <thead>
            <tr>
              <th>Key</th>
              <th>Status</th>
              <th>Stale in</th>
              <th>Collected in</th>
              <th>Readers</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="td-row" aria-selected={row.key === selected} data-key={row.key} onClick={() => setSelected(row.key)}>
                <td>
                  <button type="button" aria-label={`Show ${row.key}`} onClick={() => setSelected(row.key)}>
                    {row.key}
                  </button>
                  {row.pollEvery !== undefined && <div className="td-muted">polls every {formatCountdown(row.pollEvery)}, next in {formatCountdown(row.nextPollIn ?? 0)}</div>}
                  {row.nextRetry ? (
                    <div className="td-muted" data-timer="retry">
                      retry {row.nextRetry.attempt} in {formatCountdown(Math.max(0, row.nextRetry.in))}
                    </div>
                  ) : (
                    row.retries > 0 && (
                      <div className="td-muted">
                        retry {row.retries}, sent {formatCountdown((row.lastRetryAt ?? now) - now)}
                      </div>
                    )
                  )}
                  {row.waitsForNetwork && <div className="td-muted">waits for the network</div>}
                </td>
                <td className={`td-status td-${row.status}`} data-status={row.status}>
                  {status(row)}
                </td>
                <td data-timer="stale">{row.staleIn === undefined ? '–' : formatCountdown(row.staleIn)}</td>
                <td data-timer="gc">{row.collectIn === undefined ? 'kept' : formatCountdown(row.collectIn)}</td>
                <td data-readers={row.readers}>{row.readers}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="td-muted">No keys{filter && ' match'}.</p>}
      </div>
      <div>{detail ? <KeyDetail recorder={recorder} row={detail} now={now} /> : <p className="td-muted">Select a key to see its data, meta and requests.</p>}</div>
    </div>
  )
}
