import type { Logger } from 'pino';

/** Who a verified access token says the caller is. */
export interface TAuthClaims {
  sub: string;
  /** 'garage' is a garage's own account, its owner; 'technician' a member of its team (docs/product.md#the-garages-team). */
  role: 'admin' | 'garage' | 'technician' | 'none';
  email: string;
  /** The garage of a garage's owner (its own id) or technician. */
  garageId?: string;
  /** A technician's name, which the records they sign carry. */
  name?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
    auth?: TAuthClaims;
  }
}
