// After the build: `tessera/store` (dist/headless.js) runs in Node with React absent. A resolve
// hook makes any import of react, react-dom or use-sync-external-store fail, then the headless
// store is created and used; a module of the store entry that reached for React fails this.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const hook = `
export async function resolve(specifier, context, next) {
  if (/^(react|react-dom|use-sync-external-store)(\\/|$)/.test(specifier)) throw new Error('React is not installed: ' + specifier)
  return next(specifier, context)
}`
const register = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));`
const program = `
import { Entity, createResource, createStore } from 'tessera/store'
class Note extends Entity { id = ''; text = ''; pk() { return this.id } static key = 'Note' }
const Notes = createResource({ path: '/notes/:id', schema: Note })
const store = createStore()
store.controller.setResponse(Notes.get, { id: '1' }, { id: '1', text: 'headless' })
const { data } = store.controller.getResponse(Notes.get, { id: '1' }, store.getState())
if (data.text !== 'headless') throw new Error('the headless store did not read back what it stored')
console.log('tessera/store runs without React: ok')
`
const root = fileURLToPath(new URL('..', import.meta.url))
const run = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', program], { cwd: root, encoding: 'utf8' })
process.stdout.write(run.stdout)
process.stderr.write(run.stderr)
process.exit(run.status ?? 1)
