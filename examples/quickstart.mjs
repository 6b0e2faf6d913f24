// The README's first example: run with `npm run example` (builds first).
import { Entity, normalize, denormalize, MemoCache } from '../dist/index.js'

class User extends Entity {
  id = ''
  name = ''
  pk() { return this.id }
  static key = 'User'
}

class Article extends Entity {
  id = ''
  title = ''
  author = User.fromJS()
  createdAt = new Date(0)
  pk() { return this.id }
  static key = 'Article'
  static schema = { author: User, createdAt: Date }
}

const response = [
  { id: '1', title: 'Hello', author: { id: 'u1', name: 'Ann' }, createdAt: '2026-11-21T10:00:00Z' },
  { id: '2', title: 'Again', author: { id: 'u1', name: 'Ann' }, createdAt: '2026-11-21T11:00:00Z' },
]
const { result, entities } = normalize([Article], response)
console.log(result) // [ '1', '2' ]
console.log(Object.keys(entities.User)) // [ 'u1' ]: Ann is stored once

const memo = new MemoCache()
const { data } = memo.denormalize([Article], result, entities)
console.log(data[0] instanceof Article, data[0].createdAt instanceof Date) // true true
console.log(data[0].author === data[1].author) // true: one User, shared
console.log(memo.denormalize([Article], result, entities).data === data) // true: memoized
