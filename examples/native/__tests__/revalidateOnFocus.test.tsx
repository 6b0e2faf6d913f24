// An app that followed the old advice (Tessera 0.1's README: `useFocusEffect(useRevalidate())` in
// each screen) and now gets focus refetching from the library too: the two together still send
// one request per return to a stale screen, not two.
import { act, fireEvent, render, screen } from '@testing-library/react-native'
import { useCallback } from 'react'
import { Button, Text } from 'react-native'
import { NavigationContainer, createNavigationContainerRef, useFocusEffect } from '@react-navigation/native'
import { createNativeStackNavigator, type NativeStackScreenProps } from '@react-navigation/native-stack'
import { AsyncBoundary, DataProvider, useRevalidate, useSuspense } from 'tessera'
import { ArticleResource } from '../src/resources'
import { advanceClock, EXPIRED } from '../testing/clock'
import { installFakeApi, settle, type FakeApi } from '../testing/fakeApi'

type Screens = { List: undefined; Other: undefined }
const Stack = createNativeStackNavigator<Screens>()
const navigation = createNavigationContainerRef<Screens>()

function List() {
  const { results } = useSuspense(ArticleResource.getList)
  return <Text>{results.length} articles</Text>
}

function ListScreen({ navigation: nav }: NativeStackScreenProps<Screens, 'List'>) {
  const revalidate = useRevalidate()
  useFocusEffect(useCallback(() => revalidate(), [revalidate]))
  return (
    <>
      <AsyncBoundary fallback={<Text>Loading…</Text>}>
        <List />
      </AsyncBoundary>
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

test('useFocusEffect(useRevalidate()) kept in app code: still one GET per return to a stale screen', async () => {
  render(
    <DataProvider>
      <NavigationContainer ref={navigation}>
        <Stack.Navigator>
          <Stack.Screen name="List" component={ListScreen} />
          <Stack.Screen name="Other" component={OtherScreen} />
        </Stack.Navigator>
      </NavigationContainer>
    </DataProvider>,
  )
  await screen.findByText('3 articles')
  await settle()
  expect(api.requests).toEqual(['GET /api/articles'])

  fireEvent.press(screen.getByRole('button', { name: 'Elsewhere' }))
  await screen.findByText('Another screen')
  await act(async () => navigation.goBack())
  await settle()
  expect(api.requests).toEqual(['GET /api/articles'])

  fireEvent.press(screen.getByRole('button', { name: 'Elsewhere' }))
  await screen.findByText('Another screen')
  advanceClock(EXPIRED)
  await act(async () => navigation.goBack())
  await settle(200)
  expect(api.requests).toEqual(['GET /api/articles', 'GET /api/articles'])
})
