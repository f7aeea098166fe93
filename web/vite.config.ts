import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BRAND } from '../packages/shared/src/contract/brand';

/** Builds the SPA into web/dist (served by the gateway); the dev server forwards /api to the gateway. */
export default defineConfig({
  plugins: [
    react(),
    // The page title in index.html carries the brand from its one place.
    { name: 'brand', transformIndexHtml: (html: string) => html.replaceAll('%BRAND_NAME%', BRAND.name) },
  ],
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
    rolldownOptions: {
      output: {
        // Route pages are split by their dynamic imports (src/route-pages.ts). The libraries go in chunks of
        // their own, which keep their hashes (and the browser's cached copy) when only the app changes.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
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
});
