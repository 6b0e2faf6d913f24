/**
 * A response outside 2xx. Carries the HTTP `status` and the `response` itself (for headers or a
 * problem body); the message names the status, the method and the URL.
 */
export class NetworkError extends Error {
  override name = 'NetworkError'
  // `declare`: set in the constructor, so no empty class field is emitted for them (fewer bytes).
  declare readonly status: number
  declare readonly response: Response

  constructor(response: Response, method: string, detail = '', url = response.url) {
    // The request's URL, not response.url: a mocked or custom fetch may leave the latter empty.
    super(`${response.status}${response.statusText ? ' ' + response.statusText : ''} from ${method} ${url || '(unknown url)'}${detail ? ': ' + detail : ''}`)
    this.status = response.status
    this.response = response
  }
}
