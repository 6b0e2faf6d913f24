// The ticker example (examples/ticker) in Chromium: a custom WebSocket manager written on
// data-client's Manager protocol, against a local `ws` server. Prices appear and move with the
// socket's pushes; the server hears subscribe / unsubscribe as quotes mount and unmount; a
// malformed message is reported on the page and nothing is lost.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startTicker } from '../../ticker/server.mjs'
import { expectText, launchChromium, until, watchPage } from './harness.mjs'

describe('ticker: a data-client WebSocket manager', () => {
  let ticker
  let browser
  before(async () => {
    ticker = await startTicker({ port: 0 })
    browser = await launchChromium()
  })
  after(async () => {
    await browser?.close()
    await ticker?.close()
  })

  it('shows prices from the API, moves them with the socket, follows mounts, and survives a malformed message', async () => {
    const page = await browser.newPage()
    const watch = watchPage(page)
    await page.goto(ticker.url)
    const acme = page.locator('li[data-symbol="ACME"] .price')
    const init = page.locator('li[data-symbol="INIT"] .price')
    await expectText(acme, '100.00', 'ACME from the API')
    await expectText(init, '100.00', 'INIT from the API')
    // Each mounted quote subscribed once its socket was open.
    await until(() => [...ticker.heard].sort(), (heard) => heard.join() === 'subscribe ACME,subscribe INIT', 'the subscriptions')

    ticker.push('ACME', 101.5)
    await expectText(acme, '101.50', 'ACME pushed')
    ticker.push('INIT', 42)
    await expectText(init, '42.00', 'INIT pushed')

    // Unmounting a quote unsubscribes it; mounting another subscribes that one.
    await page.getByLabel('INIT').uncheck()
    await until(() => ticker.heard.at(-1), (last) => last === 'unsubscribe INIT', 'INIT unsubscribed')
    await page.getByLabel('GLOBX').check()
    await expectText(page.locator('li[data-symbol="GLOBX"] .price'), '100.00', 'GLOBX from the API')
    await until(() => ticker.heard.at(-1), (last) => last === 'subscribe GLOBX', 'GLOBX subscribed')

    // A malformed message: a clear sentence on the page; the prices shown stay, and the next push lands.
    ticker.sendRaw('{"symbol": "ACME", price: oops')
    await expectText(page.getByRole('alert'), 'not JSON', 'the malformed message reported')
    assert.equal(await acme.textContent(), '101.50')
    ticker.push('ACME', 102)
    await expectText(acme, '102.00', 'ACME pushed after the bad message')
    watch.check()
    await page.close()
  })
})
