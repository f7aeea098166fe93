/** The id of the development key pair kept in the signing_keys table. */
export const DEVELOPMENT_SIGNING_KEY_ID = 'development';
