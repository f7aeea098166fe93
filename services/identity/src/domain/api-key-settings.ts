import type { SigningKeys } from './signing-keys.js';

/** What identity's API-key calls need (docs/architecture.md#api-keys): the HMAC key of stored keys and the token signer. */
export interface ApiKeySettings {
  /** API_KEY_HASH_KEY: the key of the HMAC-SHA-256 each API key is stored as. */
  hashKey: Buffer;
  keys: SigningKeys;
}
