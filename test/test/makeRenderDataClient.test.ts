import { CacheProvider } from '../../src/index'
import { makeRenderDataClient } from '../../src/test/index'

describe('makeRenderDataClient outside a DOM', () => {
  it('says that renderDataClient needs a DOM environment', () => {
    const renderDataClient = makeRenderDataClient(CacheProvider)
    expect(() => renderDataClient(() => null)).toThrow(/renders into a DOM: run this test with jest's testEnvironment 'jsdom'/)
  })

  it('has nothing to settle or clean up before the first render', async () => {
    const renderDataClient = makeRenderDataClient(CacheProvider)
    expect(await renderDataClient.allSettled()).toEqual([])
    expect(() => renderDataClient.cleanup()).not.toThrow()
  })
})
