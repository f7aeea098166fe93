/**
 * API calls that no test routed (see mockApi in support.tsx). Kept apart from support.tsx, which imports the
 * app: test/setup.ts reads this, and a setup file that imported the app would load it before a test's vi.mock.
 */
const unroutedCalls: string[] = [];

export function recordUnroutedCall(key: string): void {
  unroutedCalls.push(key);
}

/** The calls no test routed since the last look; test/setup.ts fails the test when there are any. */
export function takeUnroutedCalls(): string[] {
  return unroutedCalls.splice(0);
}
