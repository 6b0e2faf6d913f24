'use client'
import { useState } from 'react'
import type { Recorder } from './recorder'
import { exportSession, parseSession, replaySession, type ExportOptions } from './session'

/** A file's text (FileReader: older browsers and jsdom have no `file.text()`). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(new Error(`The file could not be read (${reader.error?.message ?? 'unknown error'}).`))
    reader.readAsText(file)
  })
}

/**
 * The Session tab: downloads the recording as a session file (through the app's redaction hook)
 * and imports one, which the Timeline then shows and steps through; a refused file says why.
 */
export function SessionTab({ recorder, redact, onImported }: { recorder: Recorder; redact?: ExportOptions; onImported: () => void }) {
  const [message, setMessage] = useState<{ error: boolean; text: string } | undefined>()
  const download = () => {
    const session = exportSession(recorder, redact)
    const url = URL.createObjectURL(new Blob([JSON.stringify(session)], { type: 'application/json' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `tessera-session-${recorder.name}-${new Date(session.exportedAt).toISOString().replace(/[:.]/g, '-')}.json`
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
    setMessage({ error: false, text: `Exported ${session.actions.length} actions.` })
  }
  const load = async (file: File | undefined) => {
    if (!file) return
    try {
      const session = replaySession(parseSession(await readText(file)))
      recorder.load(session)
      setMessage({ error: false, text: `Imported "${session.name}": ${session.actions.length} actions, shown in the Timeline.` })
      onImported()
    } catch (error) {
      setMessage({ error: true, text: (error as Error).message })
    }
  }
  return (
    <div>
      <p>A session is the recording as a file: the state it starts from and every action since, to attach to a bug report.</p>
      <div className="td-tools">
        <button type="button" onClick={download}>
          Export session
        </button>
        <label>
          Import a session file <input type="file" accept="application/json,.json" onChange={(event) => void load(event.target.files?.[0])} />
        </label>
        {recorder.loaded && (
          <button type="button" onClick={() => recorder.travel(undefined)}>
            Close session "{recorder.loaded}"
          </button>
        )}
      </div>
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </div>
  )
}
