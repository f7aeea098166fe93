import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearStoredAuthentication } from '../src/auth/session-storage';
import { takeUnroutedCalls } from './unrouted-calls';

afterEach(() => {
  cleanup();
  const unrouted = takeUnroutedCalls();
  if (unrouted.length > 0) throw new Error(`API calls the test did not expect: ${unrouted.join(', ')}`);
  // The session lives in storage; each test starts signed out.
  clearStoredAuthentication();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// jsdom does not implement scrolling; the layout scrolls to the top on every page change.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
