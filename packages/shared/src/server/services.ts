/** Where each part of the platform listens by default on a development machine. */
export const LOCAL_PORTS = {
  gateway: 8080,
  identity: 4001,
  garages: 4002,
  records: 4003,
  billing: 4004,
  notifications: 4005,
  stripeDouble: 4010,
  companiesHouseFake: 4011,
  smtpCatcher: 1025,
  smtpInbox: 8025,
} as const;

/**
 * Where every part serves its Prometheus metrics in a deployment (METRICS_PORT: compose, Kubernetes); each pod or
 * container has its own address, so one port serves all. Unset (npm start, tests), none is served unless a test asks.
 */
export const DEPLOYED_METRICS_PORT = 9464;

/** The database each service owns on a development machine. */
export const LOCAL_DATABASES = {
  identity: 'sh_identity',
  garages: 'sh_garages',
  records: 'sh_records',
  billing: 'sh_billing',
  notifications: 'sh_notifications',
} as const;

/** The internal service token outside production; production must set INTERNAL_TOKEN. */
export const DEV_INTERNAL_TOKEN = 'dev-internal-token-not-for-production';

/**
 * The development transparency log's signer key outside production (its verifier key is DEVELOPMENT_LOG in the
 * contract): fixed, so the bundle and the README can carry its public half. Production must set LOG_SIGNING_KEY.
 */
export const DEV_LOG_SIGNING_KEY =
  'PRIVATE+KEY+localhost/wrenchmark-development-log+0afd2724+ASpfU3XVEtxB9lTJGxeebzcXUXCquXiHoUnAaqcK+nVB';
