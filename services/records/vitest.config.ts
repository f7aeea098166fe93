import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'records',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Identity as its own process, once for every file (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // The export's memory test (test/export-memory.test.ts) collects garbage before each measure: global.gc.
    execArgv: ['--expose-gc'],
  },
});
