import { useState } from 'react';
import { messageOf } from '../../lib/error-message';
import { FormRejection, type TFormSchema } from '../../lib/use-schema-form';

/** Where a check of one value stands: not asked, running, passed (with the server's answer) or failed (with why). */
export type TRemoteCheck<T> =
  { state: 'idle' } | { state: 'checking' } | { state: 'passed'; value: T } | { state: 'failed'; message: string };

/**
 * One value checked with the server on request (Validate company, Validate referral): the request is checked
 * with its shared schema first, then sent. A refusal says why: the schema's message, the one `send` rejects
 * with (a FormRejection), the server's own, or the fallback.
 */
export function useRemoteCheck<TRequest, T>(options: {
  schema: TFormSchema<TRequest>;
  send: (request: TRequest) => Promise<T>;
  failureMessage: string;
}) {
  const [check, setCheck] = useState<TRemoteCheck<T>>({ state: 'idle' });

  async function run(input: unknown): Promise<T | null> {
    const parsed = options.schema.safeParse(input);
    if (!parsed.success) {
      setCheck({ state: 'failed', message: parsed.error.issues[0]?.message ?? options.failureMessage });
      return null;
    }
    setCheck({ state: 'checking' });
    try {
      const value = await options.send(parsed.data);
      setCheck({ state: 'passed', value });
      return value;
    } catch (error) {
      setCheck({
        state: 'failed',
        message: error instanceof FormRejection ? error.message : messageOf(error, options.failureMessage),
      });
      return null;
    }
  }

  return { check, run, reset: () => setCheck({ state: 'idle' }) };
}
