import { useState } from 'react'
import { Button, ScrollView, StyleSheet, Text } from 'react-native'
import { AsyncBoundary, useController, useSuspense } from 'tessera'
import { usePendingMutations } from 'tessera/offline'
import { ArticleResource, likeArticle } from '../resources'
import type { ScreenProps } from '../navigation'
import { LoadError, Loading } from '../Status'
import { likes } from './ArticleListScreen'

/** One article with its body and a like button. */
export function ArticleDetailScreen({ route }: ScreenProps<'Article'>) {
  return (
    <AsyncBoundary fallback={<Loading />} errorComponent={LoadError}>
      <ArticleDetail id={route.params.id} />
    </AsyncBoundary>
  )
}

function ArticleDetail({ id }: { id: string }) {
  const article = useSuspense(ArticleResource.get, { id })
  const ctrl = useController()
  const [refused, setRefused] = useState<string | undefined>()
  // Likes made offline wait in the OfflineManager's queue; they are sent when NetInfo says the
  // device is connected again. Until then the count already shows them (optimistic update).
  const waiting = usePendingMutations().filter((mutation) => mutation.key === likeArticle.key({ id })).length
  const like = () => {
    setRefused(undefined)
    ctrl.fetch(likeArticle, { id }).catch((error: Error) => setRefused(error.message))
  }
  return (
    <ScrollView contentContainerStyle={styles.page}>
      <Text style={styles.title} accessibilityRole="header">
        {article.title}
      </Text>
      <Text>by {article.author.name}</Text>
      <Text style={styles.body}>{article.body}</Text>
      <Text>{likes(article.likes)}</Text>
      <Button title="Like" onPress={like} />
      {waiting > 0 && <Text>Offline: {waiting === 1 ? '1 like waits' : `${waiting} likes wait`} to be sent</Text>}
      {refused !== undefined && <Text accessibilityRole="alert">The like was not counted: {refused}</Text>}
    </ScrollView>
  )
}

const styles = StyleSheet.create({
  page: { padding: 16, gap: 8 },
  title: { fontSize: 22, fontWeight: '700' },
  body: { fontSize: 16, lineHeight: 22 },
})
