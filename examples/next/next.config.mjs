// The Next.js version of the demo blog. `tessera` and its entries resolve to the repository's
// own sources through tsconfig.json's `paths` (no build of the library needed first); Turbopack
// reads files above this folder because its root is the repository.
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
