import { Entity, RestEndpoint } from 'tessera'

/** One stock's last price. */
export class Price extends Entity {
  symbol = ''
  price = 0
  pk() {
    return this.symbol
  }
  static override key = 'Price'
}

/** The price as the HTTP API has it; then kept fresh by the socket while a component shows it. */
export const getPrice = new RestEndpoint({ path: '/api/prices/:symbol', schema: Price })
