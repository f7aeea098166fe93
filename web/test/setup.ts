import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearStoredAuthentication } from '../src/auth/session-storage';
import { clearCookieSession } from './cookie-session';
import { takeUnroutedCalls } from './unrouted-calls';

// The app loads its response schemas on first use, as in production (src/api/client.ts). In a test, that first
// import is Vite transforming and evaluating the module, which in full runs on two cores took more than one second
// and once more than three (vehicle-results-page, "Could not check the history's integrity"): the time of the test
// tooling, not of the page. It is loaded here, before any test's wait starts; the app still imports it lazily.
await import('../src/api/response-schemas');
// A bound on waiting, not a retry: what never appears still fails.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  const unrouted = takeUnroutedCalls();
  if (unrouted.length > 0) throw new Error(`API calls the test did not expect: ${unrouted.join(', ')}`);
  // The session lives in storage; each test starts signed out.
  clearStoredAuthentication();
  clearCookieSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// jsdom does not implement scrolling; the layout scrolls to the top on every page change.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
