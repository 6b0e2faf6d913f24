import { ROOT_CLASS } from './styles'

/**
 * The panel's styles (see `STYLES` for how they are scoped), in the panel's module: an app whose
 * devtools stay closed loads the corner button's few rules only.
 */
export const PANEL_STYLES = `
.T .td-panel{position:fixed;z-index:2147483000;width:min(760px,100vw);height:min(480px,70vh);display:flex;flex-direction:column;background:var(--bg);color:var(--fg);border:1px solid var(--line);box-shadow:0 4px 24px #0005;border-radius:6px;overflow:hidden}
.T .td-inline{position:static;width:100%;height:100%;min-height:320px;box-shadow:none}
.T .td-head{display:flex;gap:8px;align-items:center;padding:6px 8px;border-bottom:1px solid var(--line)}
.T .td-head h2{font-size:13px;font-weight:700;margin:0 auto 0 0}
.T .td-tabs{display:flex;gap:2px;padding:0 8px;border-bottom:1px solid var(--line)}
.T .td-tabs button{border:0;border-bottom:2px solid transparent;border-radius:0;background:none;padding:6px 10px}
.T .td-tabs button[aria-selected=true]{border-bottom-color:var(--accent);color:var(--accent);font-weight:600}
.T .td-body{flex:1;overflow:auto;padding:8px}
.T .td-split{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:8px}
.T .td-tools{display:flex;gap:6px;align-items:center;margin-bottom:6px;flex-wrap:wrap}
.T .td-tools input{background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:2px 6px}
.T table{border-collapse:collapse;width:100%}
.T th,.T td{text-align:left;padding:3px 6px;border-bottom:1px solid var(--line);vertical-align:top}
.T td:first-child{word-break:break-all}
.T th,.T td[data-status],.T td[data-timer]{white-space:nowrap}
.T td button{background:none;border:0;padding:0;text-align:left;color:var(--accent)}
.T th{color:var(--muted);font-weight:normal}
.T tr[aria-selected=true] td,.T li[aria-current=step]{background:var(--soft)}
.T .td-row{cursor:pointer}
.T .td-status{font-weight:600}
.T .td-fresh{color:var(--fresh)}.T .td-stale{color:var(--stale)}.T .td-error{color:var(--error)}.T .td-fetching,.T .td-paused{color:var(--fetching)}.T .td-invalid{color:var(--invalid)}
.T .td-muted{color:var(--muted)}
.T ul,.T ol{list-style:none;margin:0;padding:0}
.T .td-timeline li{display:flex;gap:6px;align-items:baseline}
.T .td-timeline li button{flex:1;text-align:left;background:none;border:0;border-bottom:1px solid var(--line);border-radius:0}
.T .td-tree{margin:0;padding-left:12px}
.T summary{cursor:pointer;display:list-item}
.T details{margin:2px 0;display:block}
.T h3{font-size:12px;font-weight:700;margin:10px 0 4px}
.T p{margin:4px 0}
.T [role=alert]{color:var(--error)}
`.replaceAll('.T', `.${ROOT_CLASS}`)
