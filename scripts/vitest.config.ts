import { defineConfig } from 'vitest/config';

/** Tests of the repository's own rules and tools (lint rooms), beside the scripts. */
export default defineConfig({
  test: { name: 'scripts', include: ['**/*.test.ts'], testTimeout: 60_000 },
});
