/**
 * The public lookup's cache (README.md beside this file): the answers records publishes in Redis, their versions, the
 * gateway's count-and-read and answerer, and its fast path for the plainly spelt lookup.
 * Server-only, as @sh/shared/server.
 */
export * from './keys.js';
export * from './answer.js';
export * from './published-answers.js';
export * from './stored-answer.js';
export * from './records-answers.js';
export * from './prewarm.js';
export * from './database-identity.js';
export * from './count-and-read.js';
export * from './fast-path.js';
export * from './gateway-answerer.js';
