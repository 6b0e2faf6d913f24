/**
 * A response outside 2xx. Carries the HTTP `status` and the `response` itself (for headers or a
 * problem body); the message names the status, the method and the URL.
 */
export class NetworkError extends Error {
  override name = 'NetworkError'
  readonly status: number
  readonly response: Response

  constructor(response: Response, method: string, detail = '') {
    super(`${response.status}${response.statusText ? ' ' + response.statusText : ''} from ${method} ${response.url || '(unknown url)'}${detail ? ': ' + detail : ''}`)
    this.status = response.status
    this.response = response
  }
}
