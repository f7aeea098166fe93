import type { TSession as TApiSession, TUserType } from '@sh/shared/contract';

/** The session a test's browser holds in its (HttpOnly) cookie: what POST auth/refresh answers (support.tsx's mockApi). */
export type TCookieSession = {
  user: { id: string; email: string };
  userType: TUserType;
  overrides: Partial<TApiSession>;
};

let cookieSession: TCookieSession | null = null;

export function readCookieSession(): TCookieSession | null {
  return cookieSession;
}

export function writeCookieSession(session: TCookieSession): void {
  cookieSession = session;
}

/** Forgets it (test/setup.ts, after each test). */
export function clearCookieSession(): void {
  cookieSession = null;
}
