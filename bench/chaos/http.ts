/** The run's HTTP calls: every one bounded by a timeout, a network error answered as status null. */
import { REQUEST_TIMEOUT_MS } from './settings.js';

export async function call(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number | null; json: unknown; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const json = await response.json().catch(() => null);
    return { status: response.status, json, ms: performance.now() - started };
  } catch {
    return { status: null, json: null, ms: performance.now() - started };
  }
}

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
