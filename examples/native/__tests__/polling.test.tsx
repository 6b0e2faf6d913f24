// A screen out of view does not poll: an endpoint with `pollFrequency` a screen subscribes to is
// polled while that screen is focused, not while another screen is on top of it, and again once it is
// back. Jest's fake timers drive both the poll interval and Date.now().
import { act, fireEvent, render, screen } from '@testing-library/react-native'
import { Button, Text } from 'react-native'
import { NavigationContainer, createNavigationContainerRef } from '@react-navigation/native'
import { createNativeStackNavigator, type NativeStackScreenProps } from '@react-navigation/native-stack'
import { DataProvider, PollingManager, RestEndpoint, useSubscription, useSuspense } from 'tessera'
import { API_URL } from '../src/api'
import { ArticleSummary } from '../src/resources'
import { installFakeApi, type FakeApi } from '../testing/fakeApi'

jest.useFakeTimers()

/** The demo's like counter (GET /api/articles/:id/likes), polled every 10 s while subscribed. */
const watchLikes = new RestEndpoint({
  urlPrefix: API_URL,
  path: '/api/articles/:id/likes',
  schema: ArticleSummary,
  name: 'watchLikes',
  pollFrequency: 10_000,
})

type Screens = { Likes: undefined; Other: undefined }
const Stack = createNativeStackNavigator<Screens>()
const navigation = createNavigationContainerRef<Screens>()

function LikesScreen({ navigation: nav }: NativeStackScreenProps<Screens, 'Likes'>) {
  // As in data-client: the read shows the count, the subscription keeps it polled.
  const { likes } = useSuspense(watchLikes, { id: '3' })
  useSubscription(watchLikes, { id: '3' })
  return (
    <>
      <Text>{likes} likes</Text>
      <Button title="Elsewhere" onPress={() => nav.navigate('Other')} />
    </>
  )
}

function OtherScreen() {
  return <Text>Another screen</Text>
}

let api: FakeApi
beforeEach(() => {
  api = installFakeApi()
})

async function wait(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms))
}

test('polls while focused, not while another screen is on top, and again once back (at once if what it shows expired meanwhile)', async () => {
  render(
    <DataProvider managers={[new PollingManager()]}>
      <NavigationContainer ref={navigation}>
        <Stack.Navigator>
          <Stack.Screen name="Likes" component={LikesScreen} />
          <Stack.Screen name="Other" component={OtherScreen} />
        </Stack.Navigator>
      </NavigationContainer>
    </DataProvider>,
  )
  await screen.findByText('3 likes')
  expect(api.requests).toEqual(['GET /api/articles/3/likes'])

  await wait(10_000)
  expect(api.count('GET /api/articles/3/likes')).toBe(2)

  fireEvent.press(screen.getByRole('button', { name: 'Elsewhere' }))
  await screen.findByText('Another screen')
  // Two and a half poll intervals with the likes screen out of view (its data stays fresh: the
  // default expiry is a minute).
  await wait(25_000)
  expect(api.count('GET /api/articles/3/likes')).toBe(2)

  await act(async () => navigation.goBack())
  await wait(0)
  expect(api.count('GET /api/articles/3/likes')).toBe(2)
  await wait(10_000)
  expect(api.count('GET /api/articles/3/likes')).toBe(3)

  // Away for longer than the data's expiry: no poll while away; back, the stale count is fetched
  // at once (focus), then polling goes on.
  fireEvent.press(screen.getByRole('button', { name: 'Elsewhere' }))
  await screen.findByText('Another screen')
  await wait(70_000)
  expect(api.count('GET /api/articles/3/likes')).toBe(3)
  await act(async () => navigation.goBack())
  await wait(0)
  expect(api.count('GET /api/articles/3/likes')).toBe(4)
  await wait(10_000)
  expect(api.count('GET /api/articles/3/likes')).toBe(5)
  expect(api.requests.every((request) => request === 'GET /api/articles/3/likes')).toBe(true)
})
