import { START, createFakeEndpoint, createTestStore, flush } from './createTestStore'

describe('createTestStore', () => {
  it('runs the store on a clock the test moves', () => {
    const { controller, clock } = createTestStore({ now: 500 })
    expect(controller.now()).toBe(500)
    clock.advance(20)
    expect(controller.now()).toBe(520)
    clock.set(START)
    expect(controller.now()).toBe(START)
  })

  it('records the actions subscribers see', () => {
    const { controller, actions } = createTestStore()
    const ping = createFakeEndpoint('ping')
    controller.setResponse(ping.endpoint, 'pong')
    expect(actions.map((action) => action.type)).toEqual(['tessera/receive'])
  })
})

describe('createFakeEndpoint', () => {
  it('records each call with its arguments and answers in whatever order the test chooses', async () => {
    const fake = createFakeEndpoint('echo')
    const first = fake.endpoint('a')
    const second = fake.endpoint('b')
    expect(fake.calls.map((call) => [call.index, call.args])).toEqual([
      [0, ['a']],
      [1, ['b']],
    ])
    const order: string[] = []
    void first.then((value: string) => order.push(value))
    void second.then((value: string) => order.push(value))
    await fake.calls[1]!.resolve('second')
    expect(fake.pending()).toEqual([fake.calls[0]])
    await fake.calls[0]!.resolve('first')
    expect(order).toEqual(['second', 'first'])
    expect(fake.pending()).toEqual([])
  })

  it('rejects with the given error', async () => {
    const fake = createFakeEndpoint('echo')
    const failing = fake.endpoint()
    const error = new Error('nope')
    void fake.calls[0]!.reject(error)
    await expect(failing).rejects.toBe(error)
  })

  it('refuses to answer one call twice', async () => {
    const fake = createFakeEndpoint('echo')
    void fake.endpoint()
    await fake.calls[0]!.resolve(1)
    expect(() => fake.calls[0]!.resolve(2)).toThrow('echo call 0 was already answered')
  })

  it('passes the store abort signal to the fetch as this.signal', () => {
    const { controller } = createTestStore()
    const fake = createFakeEndpoint('echo')
    void controller.fetch(fake.endpoint, 1).catch(() => undefined)
    expect(fake.calls[0]!.signal).toBeInstanceOf(AbortSignal)
    expect(fake.calls[0]!.signal!.aborted).toBe(false)
  })

  it('uses the name in the key, and keeps the options', () => {
    const fake = createFakeEndpoint('getThing', { sideEffect: true, pollFrequency: 10 })
    expect(fake.endpoint.key({ id: 1 })).toBe('getThing [{"id":1}]')
    expect(fake.endpoint.sideEffect).toBe(true)
    expect(fake.endpoint.pollFrequency).toBe(10)
  })

  it('flush works under fake timers', async () => {
    jest.useFakeTimers()
    try {
      await expect(flush()).resolves.toBeUndefined()
    } finally {
      jest.useRealTimers()
    }
  })
})
