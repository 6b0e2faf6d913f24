// The Next.js version of the demo blog. `tessera` and its entries resolve as an app's do: to the
// built package (dist/, `npm run build`), through package.json's exports (this app is inside the
// package, which Node and bundlers let import itself by name), so what runs is what is published,
// 'use client' directives included. Turbopack reads files above this folder because its root is
// the repository.
import { fileURLToPath } from 'node:url'

/** @type {import('next').NextConfig} */
export default {
  turbopack: { root: fileURLToPath(new URL('../..', import.meta.url)) },
  // The build checks types against the repository's strict settings, which `npm run typecheck`
  // does already; skipping it here keeps `npm run demo:next`'s first build short.
  typescript: { ignoreBuildErrors: true },
  // Nothing outside this machine is reachable, and the demo has no image to optimize.
  images: { unoptimized: true },
  poweredByHeader: false,
}
