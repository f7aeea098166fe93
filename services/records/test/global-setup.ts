/**
 * Identity for every test file of records, once: its own process (its main.ts) with its own test database, reached
 * over HTTP as records reaches it in production. It signs with the shared test key pair, which records' tests verify
 * and mint tokens with.
 */
import { startServiceProcess } from '@sh/shared/testing';
import type { TestProject } from 'vitest/node';

/** The internal token records' tests and this identity share. */
export const TEST_INTERNAL_TOKEN = 'records-test-internal-token-0123';

export default async function setup(project: TestProject) {
  const identity = await startServiceProcess('identity', { env: { INTERNAL_TOKEN: TEST_INTERNAL_TOKEN } });
  project.provide('identityUrl', identity.url);
  return () => identity.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Identity, started once for the workspace's test files (its global set-up). */
    identityUrl: string;
  }
}
