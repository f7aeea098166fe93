import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; the browser journeys (e2e/) run after them on their own. */
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'services/*/vitest.config.ts',
      'doubles/vitest.config.ts',
      'scripts/vitest.config.ts',
      'web/vite.config.ts',
    ],
  },
});
