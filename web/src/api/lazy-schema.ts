import type * as ResponseSchemas from './response-schemas';

type TSchemas = typeof ResponseSchemas;

/**
 * A schema of ./response-schemas.ts, loaded (with zod) on the first call that checks an answer with it:
 * `client.get('auth/me', lazySchema('ZMeResponseSchema'))`. For the API modules on the first page's path.
 */
export function lazySchema<K extends keyof TSchemas>(name: K): () => Promise<TSchemas[K]> {
  return () => import('./response-schemas').then((schemas) => schemas[name]);
}
