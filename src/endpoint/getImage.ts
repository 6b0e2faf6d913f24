import { Endpoint } from './Endpoint'

/** The argument of `getImage`: the address of the image to load. */
export interface ImageArgs {
  readonly src: string
}

/**
 * Loads an image into the browser's cache and resolves to its `src` once it has loaded (or
 * failed): `useSuspense(getImage, { src })` holds a component back until the picture can show at
 * once, and `useFetch(getImage, { src })` starts the download early, next to the data request
 * that names it. The `@data-client/img` endpoint of the same name, with the same key
 * (`GET <src>`). A failed load resolves too, so the browser's own broken-image fallback shows
 * rather than an error boundary. Where there is no `Image` (a server render, Node) it resolves at
 * once without loading anything.
 */
export const getImage: Endpoint<(args: ImageArgs) => Promise<string>> = new Endpoint(
  ({ src }: ImageArgs): Promise<string> =>
    new Promise((resolve) => {
      const ImageClass = (globalThis as { Image?: new () => HTMLImageElement }).Image
      if (typeof window === 'undefined' || typeof ImageClass !== 'function') return resolve(src)
      const img = new ImageClass()
      img.onload = img.onerror = () => resolve(src)
      img.src = src
    }),
  {
    name: 'getImage',
    key: ({ src }: ImageArgs) => `GET ${src}`,
  },
)
