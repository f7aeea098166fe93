import type { Logger } from 'pino';

/** Who a verified access token says the caller is. */
export interface TAuthClaims {
  sub: string;
  role: 'admin' | 'garage' | 'none';
  email: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
    auth?: TAuthClaims;
  }
}
