import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BRAND } from '../packages/shared/src/contract/brand';

/**
 * react-router's package exports name only its development build (warnings, checks); its production build sits
 * beside it. The production bundle takes that one: about 2 kB gzipped less on the first load.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL('../node_modules/react-router/dist/production', import.meta.url));

/** Builds the SPA into web/dist (served by the gateway); the dev server forwards /api to the gateway. */
export default defineConfig(({ mode }) => ({
  resolve: {
    alias:
      mode === 'production'
        ? [
            { find: /^react-router$/, replacement: `${REACT_ROUTER_PRODUCTION}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${REACT_ROUTER_PRODUCTION}/dom-export.mjs` },
          ]
        : [],
  },
  // The footer's "©" year (src/vite-env.d.ts): the year of the day the page is built, in the bundle and the server
  // build alike.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getUTCFullYear()) },
  plugins: [
    react(),
    // The page title in index.html carries the brand from its one place.
    { name: 'brand', transformIndexHtml: (html: string) => html.replaceAll('%BRAND_NAME%', BRAND.name) },
  ],
  // The server build (entry-server.tsx, for the gateway's pre-rendered pages) carries React and the rest with it: the
  // gateway loads one file from web/dist/ssr and needs none of the web app's packages installed.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet, linked from index.html: a page the gateway sends rendered (src/entry-server.tsx) is painted with
    // its styles, not restyled when its chunk's CSS arrives (a layout shift). All of it is about 13 kB gzipped.
    cssCodeSplit: false,
    rolldownOptions: {
      // The contract's modules only declare (schemas, messages, constants): a page that takes MESSAGES from its
      // index must not take every schema, and zod, with it. The first load stays within its budget that way
      // (scripts/check-bundle-budget.mjs, run by npm test).
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]contract[\\/]/, sideEffects: false }],
      },
      output: {
        // Route pages are split by their dynamic imports (src/route-pages.ts). The libraries go in chunks of
        // their own, which keep their hashes (and the browser's cached copy) when only the app changes.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
}));
