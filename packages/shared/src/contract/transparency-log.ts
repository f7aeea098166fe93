/**
 * The development transparency log's name and public key (issue 23): what `npm start`, the tests and the demo sign
 * checkpoints with (the signer key is DEV_LOG_SIGNING_KEY in the server kit, committed like DEV_INTERNAL_TOKEN, so
 * every development database signs with one key the web bundle and the README can carry). Production sets LOG_ORIGIN
 * and LOG_SIGNING_KEY (`npm run log:key -- <origin>`). The origin names no domain we do not own.
 */
export const DEVELOPMENT_LOG = {
  origin: 'localhost/wrenchmark-development-log',
  verifierKey: 'localhost/wrenchmark-development-log+0afd2724+AYoabNymQzVAK8Ub5jlZJk12dVe/n+wDkZrW8WKpbhLg',
} as const;
