import type { z } from 'zod';
import { ZErrorEnvelopeSchema, type TErrorEnvelope } from '@sh/shared/contract';
import { callInternal } from '@sh/shared/server';

/**
 * A service's answer to one of the gateway's /internal/ calls: its data, checked against the contract; its refusal
 * (a 4xx envelope, such as a cursor it cannot read or an id it does not know); or a failure (no answer in time,
 * a 5xx, or a body that does not match the contract), with why, for the log.
 */
export type ServiceAnswer<T> =
  { kind: 'ok'; data: T } | { kind: 'refused'; envelope: TErrorEnvelope } | { kind: 'failed'; reason: string };

/** Calls `url` with the internal token within `timeoutMs` and checks the answer's envelope against `schema`. */
export async function callService<S extends z.ZodType<{ data: unknown }>>(
  url: string,
  internalToken: string,
  schema: S,
  init: { method?: string; body?: unknown; timeoutMs: number },
): Promise<ServiceAnswer<z.infer<S>['data']>> {
  let answer: Awaited<ReturnType<typeof callInternal>>;
  try {
    answer = await callInternal(url, internalToken, init);
  } catch (error) {
    return {
      kind: 'failed',
      reason:
        (error as Error).name === 'TimeoutError' ? `no answer within ${init.timeoutMs} ms` : (error as Error).message,
    };
  }
  if (answer.status >= 400 && answer.status < 500) {
    const envelope = ZErrorEnvelopeSchema.safeParse(answer.body);
    if (envelope.success) return { kind: 'refused', envelope: envelope.data };
  }
  if (answer.status < 200 || answer.status >= 300) return { kind: 'failed', reason: `answered ${answer.status}` };
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success)
    return { kind: 'failed', reason: `answered outside the contract: ${parsed.error.issues[0]?.message ?? ''}` };
  return { kind: 'ok', data: (parsed.data as { data: unknown }).data };
}

/** `base` + `path` with the given query parameters, leaving out those not set. */
export function urlWithQuery(base: string, path: string, query: Record<string, string | number | undefined>): string {
  const url = new URL(path, base);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  return url.toString();
}
