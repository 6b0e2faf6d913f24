/**
 * The panel's styles, put inside its shadow root: nothing of the app's CSS reaches in (`all:
 * initial` on the host stops even inherited fonts and colours) and nothing here leaks out. Light
 * and dark follow `prefers-color-scheme`.
 */
export const STYLES = `
:host{all:initial;position:fixed;z-index:2147483000;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color-scheme:light dark;
--bg:#fff;--fg:#1d2330;--muted:#5b6475;--line:#d8dde6;--accent:#2458d6;--soft:#eef2fb;--fresh:#137a3a;--stale:#9a6700;--error:#c0282d;--fetching:#2458d6;--invalid:#7a3fc0}
@media (prefers-color-scheme:dark){:host{--bg:#161a22;--fg:#e3e7ef;--muted:#9aa3b5;--line:#323a48;--accent:#7aa2ff;--soft:#1f2634;--fresh:#4fc27a;--stale:#e0b040;--error:#ff6b6b;--fetching:#7aa2ff;--invalid:#c39bff}}
:host(.td-embedded){position:static;display:block}
*{box-sizing:border-box}
button,input,select,textarea{font:inherit;color:inherit}
button{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:2px 8px;cursor:pointer}
button:hover{border-color:var(--accent)}
:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
.td-toggle{position:fixed;background:var(--accent);color:#fff;border:0;border-radius:18px;padding:8px 14px;font-weight:600;box-shadow:0 2px 8px #0004}
.td-panel{position:fixed;width:min(760px,100vw);height:min(480px,70vh);display:flex;flex-direction:column;background:var(--bg);color:var(--fg);border:1px solid var(--line);box-shadow:0 4px 24px #0005;border-radius:6px;overflow:hidden}
.td-embedded .td-panel,.td-inline{position:static;width:100%;height:100%;min-height:320px;box-shadow:none}
.td-bottom-right{right:12px;bottom:12px}.td-bottom-left{left:12px;bottom:12px}.td-top-right{right:12px;top:12px}.td-top-left{left:12px;top:12px}
.td-head{display:flex;gap:8px;align-items:center;padding:6px 8px;border-bottom:1px solid var(--line)}
.td-head h2{font-size:13px;margin:0 auto 0 0}
.td-tabs{display:flex;gap:2px;padding:0 8px;border-bottom:1px solid var(--line)}
.td-tabs button{border:0;border-bottom:2px solid transparent;border-radius:0;background:none;padding:6px 10px}
.td-tabs button[aria-selected=true]{border-bottom-color:var(--accent);color:var(--accent);font-weight:600}
.td-body{flex:1;overflow:auto;padding:8px}
.td-split{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px}
.td-tools{display:flex;gap:6px;align-items:center;margin-bottom:6px;flex-wrap:wrap}
.td-tools input{background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:2px 6px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:3px 6px;border-bottom:1px solid var(--line);vertical-align:top;word-break:break-all}
th{color:var(--muted);font-weight:normal}
tr[aria-selected=true] td,li[aria-current=step]{background:var(--soft)}
.td-row{cursor:pointer}
.td-status{font-weight:600}
.td-fresh{color:var(--fresh)}.td-stale{color:var(--stale)}.td-error{color:var(--error)}.td-fetching,.td-paused{color:var(--fetching)}.td-invalid{color:var(--invalid)}
.td-muted{color:var(--muted)}
ul,ol{list-style:none;margin:0;padding:0}
.td-timeline li{display:flex;gap:6px;align-items:baseline}
.td-timeline li button{flex:1;text-align:left;background:none;border:0;border-bottom:1px solid var(--line);border-radius:0}
.td-tree{margin:0;padding-left:12px}
.td-tree summary{cursor:pointer}
details{margin:2px 0}
h3{font-size:12px;margin:10px 0 4px}
[role=alert]{color:var(--error)}
`
