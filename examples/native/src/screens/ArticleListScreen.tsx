import { FlatList, Pressable, StyleSheet, Text } from 'react-native'
import { AsyncBoundary, useSuspense } from 'tessera'
import { ArticleResource } from '../resources'
import type { ScreenProps } from '../navigation'
import { LoadError, Loading } from '../Status'

/**
 * The newest articles. Nothing here asks for a refetch: coming back to this screen, or the app
 * coming back to the foreground, refetches the list if it is stale (Tessera's React Native build).
 */
export function ArticleListScreen({ navigation }: ScreenProps<'Articles'>) {
  return (
    <AsyncBoundary fallback={<Loading />} errorComponent={LoadError}>
      <ArticleList onOpen={(id, title) => navigation.navigate('Article', { id, title })} />
    </AsyncBoundary>
  )
}

function ArticleList({ onOpen }: { onOpen: (id: string, title: string) => void }) {
  const { results } = useSuspense(ArticleResource.getList)
  return (
    <FlatList
      data={results}
      keyExtractor={(article) => article.id}
      renderItem={({ item: article }) => (
        <Pressable
          accessibilityRole="button"
          accessibilityLabel={`Open ${article.title}`}
          onPress={() => onOpen(article.id, article.title)}
          style={styles.row}
        >
          <Text style={styles.title}>{article.title}</Text>
          <Text>
            {article.author.name} · {likes(article.likes)}
          </Text>
        </Pressable>
      )}
    />
  )
}

/** "1 like", "3 likes". */
export function likes(count: number): string {
  return `${count} ${count === 1 ? 'like' : 'likes'}`
}

const styles = StyleSheet.create({
  row: { padding: 16, borderBottomWidth: StyleSheet.hairlineWidth, borderColor: '#ccc' },
  title: { fontSize: 16, fontWeight: '600' },
})
