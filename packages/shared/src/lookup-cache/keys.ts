/**
 * Where the lookup cache lives in Redis (README.md beside this file): every key under `{prefix}:lookup`, the
 * prefix being the one the queues and rate limits share.
 */

/** How long a published answer lives unless a write deletes it first: a day, then it is built again on demand. */
export const SHARED_ANSWER_TTL_S = 24 * 3600;
/** A key's version outlives every answer published under it by far. */
export const VERSION_TTL_S = 7 * 24 * 3600;

/** Where the public lookup's answers are versioned and published: the records service publishes them, the gateway reads them. */
export function lookupAnswersNamespace(prefix: string): string {
  return `${prefix}:lookup`;
}

/** Where a key's version lives and where its published answer does. */
export function versionKeyOf(namespace: string, key: string): string {
  return `${namespace}:v:${key}`;
}
export function sharedAnswerKeyOf(namespace: string, key: string): string {
  return `${namespace}:a:${key}`;
}

/**
 * Where the write position of the latest write that reached Redis is kept (published-answers.ts): what an answer of a
 * key without a version of its own must show before it is read from a read replica.
 */
export function latestWriteKeyOf(namespace: string): string {
  return `${namespace}:written`;
}

/** Which database the published answers were built from (database-identity.ts). */
export function databaseKeyOf(prefix: string): string {
  return `${lookupAnswersNamespace(prefix)}:database`;
}

/** Where the time the last prewarm finished is kept (an operator's check, and the benchmark's). */
export function prewarmedKeyOf(prefix: string): string {
  return `${lookupAnswersNamespace(prefix)}:prewarmed`;
}
