// Tessera in a React Native app: a DataProvider above React Navigation's native stack, and an
// OfflineManager so a like made offline is sent once the device is connected again. Nothing here
// wires focus, AppState or NetInfo: Tessera's React Native build does it.
import { useState } from 'react'
import { NavigationContainer } from '@react-navigation/native'
import { createNativeStackNavigator } from '@react-navigation/native-stack'
import { DataProvider } from 'tessera'
import { OfflineManager } from 'tessera/offline'
import { likeArticle } from './src/resources'
import { navigationRef, type RootStackParamList } from './src/navigation'
import { ArticleListScreen } from './src/screens/ArticleListScreen'
import { ArticleDetailScreen } from './src/screens/ArticleDetailScreen'

const Stack = createNativeStackNavigator<RootStackParamList>()

export default function App() {
  // One OfflineManager per store (and so per App: each test renders a new one).
  const [managers] = useState(() => [new OfflineManager({ endpoints: [likeArticle] })])
  return (
    <DataProvider managers={managers}>
      <NavigationContainer ref={navigationRef}>
        <Stack.Navigator>
          <Stack.Screen name="Articles" component={ArticleListScreen} />
          <Stack.Screen
            name="Article"
            component={ArticleDetailScreen}
            options={({ route }) => ({ title: route.params.title ?? 'Article' })}
          />
        </Stack.Navigator>
      </NavigationContainer>
    </DataProvider>
  )
}
