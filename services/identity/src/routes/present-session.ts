import type { Response } from 'express';
import type { SignedInUser } from '../domain/issue-session.js';

/**
 * How a started session travels to the browser, for every route that answers one after a sign-in (login, its second
 * step, an admin's enrolment finished at sign-in): the answer's data, never cached. The one seam to change when the
 * session travels otherwise.
 */
export function presentSession(res: Response, signedIn: SignedInUser): SignedInUser {
  res.setHeader('cache-control', 'no-store');
  return signedIn;
}
