/** The class of the element that holds the devtools; every rule below is scoped under it. */
export const ROOT_CLASS = 'tessera-devtools'

/**
 * The styles of the devtools' root and corner button (the panel's own come with its lazily loaded
 * module: `PANEL_STYLES`), in the devtools' shadow root (see `DevtoolsRoot`): no rule of the
 * app's matches an element in there, and none here matches one outside. What still crosses the
 * boundary is inheritance from the host (the app's font, colour, line height): `all: initial` on
 * the root inside cuts it. Light and dark follow `prefers-color-scheme`.
 */
export const STYLES = `
.T{all:initial;display:block;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color-scheme:light dark;
--bg:#fff;--fg:#1d2330;--muted:#5b6475;--line:#d8dde6;--accent:#2458d6;--soft:#eef2fb;--fresh:#137a3a;--stale:#9a6700;--error:#c0282d;--fetching:#2458d6;--invalid:#7a3fc0}
@media (prefers-color-scheme:dark){.T{--bg:#161a22;--fg:#e3e7ef;--muted:#9aa3b5;--line:#323a48;--accent:#7aa2ff;--soft:#1f2634;--fresh:#4fc27a;--stale:#e0b040;--error:#ff6b6b;--fetching:#7aa2ff;--invalid:#c39bff}}
.T *{box-sizing:border-box;font:inherit;color:inherit}
.T button,.T input,.T select,.T textarea{font:inherit;color:inherit}
.T button{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:2px 8px;cursor:pointer}
.T button:hover{border-color:var(--accent)}
.T :focus-visible{outline:2px solid var(--accent);outline-offset:1px}
.T .td-toggle{position:fixed;z-index:2147483000;background:var(--accent);color:#fff;border:0;border-radius:18px;padding:8px 14px;font-weight:600;box-shadow:0 2px 8px #0004}
.T .td-bottom-right{right:12px;bottom:12px}.T .td-bottom-left{left:12px;bottom:12px}.T .td-top-right{right:12px;top:12px}.T .td-top-left{left:12px;top:12px}
`.replaceAll('.T', `.${ROOT_CLASS}`)
