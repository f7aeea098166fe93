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
    // Measured when asked (`--coverage`: npm test does, scripts/test.ts), over every source file, reached or not, of
    // the code the tests run in their own processes (docs/operations.md#tests). No threshold.
    coverage: {
      provider: 'v8',
      include: [
        'packages/*/src/**/*.{ts,tsx}',
        'services/*/src/**/*.ts',
        'doubles/src/**/*.ts',
        'web/src/**/*.{ts,tsx}',
        'scripts/**/*.{ts,mjs}',
        'bench/**/*.ts',
      ],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts'],
      reporter: ['json-summary'],
      // A run with a failure still says what its tests reached.
      reportOnFailure: true,
    },
  },
});
