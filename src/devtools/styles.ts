/** The class of the element that holds the devtools; every rule below is scoped under it. */
export const ROOT_CLASS = 'tessera-devtools'

/**
 * The panel's styles, scoped to its root element. `all: initial` on the root stops everything the
 * app's CSS would pass down (fonts, colours, line height), and `all: revert` on each element inside
 * undoes the app's element rules (`button { … }`, `table td { … }`) before the panel's own, which
 * are more specific; no rule here reaches outside the root. Light and dark follow
 * `prefers-color-scheme`. (Not a shadow root: that needs react-dom's portals, which this package
 * does not depend on.)
 */
export const STYLES = `
.T{all:initial;display:block;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color-scheme:light dark;
--bg:#fff;--fg:#1d2330;--muted:#5b6475;--line:#d8dde6;--accent:#2458d6;--soft:#eef2fb;--fresh:#137a3a;--stale:#9a6700;--error:#c0282d;--fetching:#2458d6;--invalid:#7a3fc0}
@media (prefers-color-scheme:dark){.T{--bg:#161a22;--fg:#e3e7ef;--muted:#9aa3b5;--line:#323a48;--accent:#7aa2ff;--soft:#1f2634;--fresh:#4fc27a;--stale:#e0b040;--error:#ff6b6b;--fetching:#7aa2ff;--invalid:#c39bff}}
.T *{all:revert;box-sizing:border-box;font:inherit;color:inherit}
.T style{display:none}
.T button,.T input,.T select,.T textarea{font:inherit;color:inherit}
.T button{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:2px 8px;cursor:pointer}
.T button:hover{border-color:var(--accent)}
.T :focus-visible{outline:2px solid var(--accent);outline-offset:1px}
.T .td-toggle{position:fixed;z-index:2147483000;background:var(--accent);color:#fff;border:0;border-radius:18px;padding:8px 14px;font-weight:600;box-shadow:0 2px 8px #0004}
.T .td-panel{position:fixed;z-index:2147483000;width:min(760px,100vw);height:min(480px,70vh);display:flex;flex-direction:column;background:var(--bg);color:var(--fg);border:1px solid var(--line);box-shadow:0 4px 24px #0005;border-radius:6px;overflow:hidden}
.T .td-inline{position:static;width:100%;height:100%;min-height:320px;box-shadow:none}
.T .td-bottom-right{right:12px;bottom:12px}.T .td-bottom-left{left:12px;bottom:12px}.T .td-top-right{right:12px;top:12px}.T .td-top-left{left:12px;top:12px}
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
