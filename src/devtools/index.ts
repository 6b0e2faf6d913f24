// `tessera/devtools`: the in-page panel. In a production build (`process.env.NODE_ENV ===
// 'production'`) both components render nothing, and bundlers drop their code: import them from
// 'tessera/devtools/production' to keep them there.
import { TesseraDevtools as Devtools, type TesseraDevtoolsProps } from './TesseraDevtools'
import { TesseraDevtoolsPanel as EmbeddedPanel, type TesseraDevtoolsPanelProps } from './TesseraDevtoolsPanel'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the panel from production builds.
declare const process: { env: { NODE_ENV?: string } }

const nothing = () => null

/**
 * A floating "Tessera devtools" button that opens the panel (keys and their timers, entities, the
 * timeline with time travel, sessions); see the README's "Devtools" section. Renders nothing in a
 * production build (use 'tessera/devtools/production' there).
 */
export const TesseraDevtools: (props: TesseraDevtoolsProps) => ReturnType<typeof Devtools> | null = process.env.NODE_ENV === 'production' ? nothing : Devtools

/**
 * The devtools panel embedded in the app's layout, opened and closed by the app (`open`,
 * `onClose`). Renders nothing in a production build (use 'tessera/devtools/production' there).
 */
export const TesseraDevtoolsPanel: (props: TesseraDevtoolsPanelProps) => ReturnType<typeof EmbeddedPanel> | null = process.env.NODE_ENV === 'production' ? nothing : EmbeddedPanel

export type { TesseraDevtoolsProps, Corner } from './TesseraDevtools'
export type { TesseraDevtoolsPanelProps } from './TesseraDevtoolsPanel'
export * from './model'
