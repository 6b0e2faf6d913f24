import { OpenApiError } from './OpenApiError'
import { isObject, type Schema, type Schemas } from './schemas'

/** The HTTP methods that become endpoints (`head`, `options` and `trace` are left out with a warning). */
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const SKIPPED_METHODS = ['head', 'options', 'trace']

/** A query parameter of an operation. */
export interface QueryParameter {
  name: string
  schema: Schema
  required: boolean
  description: string
}

/** One operation of the document, as the endpoint writer needs it. */
export interface Operation {
  method: (typeof METHODS)[number]
  /** The path as the document writes it (`/pets/{petId}`). */
  path: string
  operationId: string | undefined
  tags: string[]
  summary: string
  description: string
  deprecated: boolean
  query: QueryParameter[]
  /** The JSON request body's schema; undefined when there is none. */
  body: Schema | undefined
  /** Parts of the request the generator does not map (header and cookie parameters, a non-JSON body), for the endpoint's comment. */
  unmapped: string[]
  /** The JSON schema of the success response; undefined when it has no JSON body (204, a file). */
  response: Schema | undefined
}

/**
 * Every operation of the document's `paths`, with the path item's parameters merged into the
 * operation's (an operation's own win, by name and place), `$ref`s to parameters, request bodies
 * and responses followed, and for Swagger 2.0 its `in: body` parameter read as the request body.
 */
export function readOperations(schemas: Schemas, swagger2: boolean, warnings: string[]): Operation[] {
  const paths = schemas.document.paths
  if (paths === undefined) return []
  if (!isObject(paths)) throw new OpenApiError('paths is not an object')
  const operations: Operation[] = []
  for (const [path, rawItem] of Object.entries(paths)) {
    if (!path.startsWith('/')) {
      if (!path.startsWith('x-')) warnings.push(`path ${JSON.stringify(path)} does not start with "/": left out`)
      continue
    }
    const item = schemas.deref(rawItem)
    for (const method of SKIPPED_METHODS) if (isObject(item[method])) warnings.push(`${method.toUpperCase()} ${path}: ${method} operations are not mapped`)
    for (const method of METHODS) {
      const operation = item[method]
      if (!isObject(operation)) continue
      operations.push(readOperation(schemas, swagger2, path, method, operation, item.parameters))
    }
  }
  return operations
}

function readOperation(schemas: Schemas, swagger2: boolean, path: string, method: Operation['method'], operation: Schema, shared: unknown): Operation {
  const parameters = new Map<string, Schema>()
  for (const list of [shared, operation.parameters]) {
    if (!Array.isArray(list)) continue
    for (const raw of list) {
      const parameter = schemas.deref(raw)
      if (typeof parameter.name === 'string' && typeof parameter.in === 'string') parameters.set(`${parameter.in} ${parameter.name}`, parameter)
    }
  }
  const query: QueryParameter[] = []
  const unmapped: string[] = []
  let body: Schema | undefined
  for (const parameter of parameters.values()) {
    const name = parameter.name as string
    const description = typeof parameter.description === 'string' ? parameter.description : ''
    if (parameter.in === 'query') {
      // 2.0 writes a parameter's type on the parameter itself; 3.x in its schema.
      const schema = isObject(parameter.schema) ? parameter.schema : swagger2 ? parameter : {}
      query.push({ name, schema, required: parameter.required === true, description })
    } else if (parameter.in === 'body' && swagger2) {
      body = isObject(parameter.schema) ? parameter.schema : {}
    } else if (parameter.in !== 'path') {
      unmapped.push(parameter.in === 'formData' ? `form field ${JSON.stringify(name)}` : `${parameter.in} parameter ${JSON.stringify(name)}`)
    }
  }
  if (!swagger2 && operation.requestBody !== undefined) {
    const requestBody = schemas.deref(operation.requestBody)
    const content = isObject(requestBody.content) ? requestBody.content : {}
    const json = jsonMedia(content)
    if (json !== undefined) body = isObject(json.schema) ? json.schema : {}
    else if (Object.keys(content).length > 0) unmapped.push(`a ${Object.keys(content).join(' or ')} request body`)
  }
  return {
    method,
    path,
    operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
    tags: Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    summary: typeof operation.summary === 'string' ? operation.summary : '',
    description: typeof operation.description === 'string' ? operation.description : '',
    deprecated: operation.deprecated === true,
    query,
    body,
    unmapped,
    response: successResponse(schemas, swagger2, operation.responses),
  }
}

/** The JSON schema of the first 2xx response (by code; `2XX` after the exact ones), if it has one. */
function successResponse(schemas: Schemas, swagger2: boolean, responses: unknown): Schema | undefined {
  if (!isObject(responses)) return undefined
  const codes = Object.keys(responses)
    .filter((code) => /^2(\d\d|XX)$/i.test(code))
    .sort()
  for (const code of codes) {
    const response = schemas.deref(responses[code])
    if (swagger2) return isObject(response.schema) ? response.schema : undefined
    const json = isObject(response.content) ? jsonMedia(response.content) : undefined
    return json !== undefined && isObject(json.schema) ? json.schema : undefined
  }
  return undefined
}

/** The media type object for JSON (`application/json`, `application/problem+json`, `*\/*`), if the content has one. */
function jsonMedia(content: Schema): Schema | undefined {
  const type = Object.keys(content).find((key) => /^application\/(.+\+)?json(;|$)/i.test(key)) ?? Object.keys(content).find((key) => key === '*/*')
  return type === undefined ? undefined : (content[type] as Schema)
}
