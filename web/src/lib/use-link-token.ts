import { useSearchParams } from 'react-router-dom';
import { useApiData } from './use-api-data';

/** What following an e-mailed single-use link came to, with the message to show. */
export type TLinkOutcome = { kind: 'success' | 'error'; message: string };

// A link's token works once. React's development double-run of effects must not spend it twice, so every
// mount for the same link shares one request.
const redemptions = new Map<string, Promise<TLinkOutcome>>();

/**
 * The page of an e-mailed single-use link (/confirm-email, /undo-email-change): reads its ?token= and spends
 * it once with `redeem`, a failure's message coming from `failureMessage`. Answers null while the server is
 * asked; a link without a token is the error `missingTokenMessage` at once, without a call. `scope` tells
 * one kind of link from another.
 */
export function useLinkToken({
  scope,
  missingTokenMessage,
  redeem,
  failureMessage,
}: {
  scope: string;
  missingTokenMessage: string;
  redeem: (token: string) => Promise<TLinkOutcome>;
  failureMessage: (error: unknown) => string;
}): TLinkOutcome | null {
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  const redemption = useApiData(
    () => redeemOnce(`${scope}:${token}`, () => redeem(token), failureMessage),
    [scope, token],
    {
      isEnabled: token !== '',
    },
  );
  if (!token) return { kind: 'error', message: missingTokenMessage };
  return redemption.status === 'loaded' ? redemption.data : null;
}

function redeemOnce(
  key: string,
  redeem: () => Promise<TLinkOutcome>,
  failureMessage: (error: unknown) => string,
): Promise<TLinkOutcome> {
  let pending = redemptions.get(key);
  if (!pending) {
    pending = redeem().catch((error: unknown): TLinkOutcome => ({ kind: 'error', message: failureMessage(error) }));
    redemptions.set(key, pending);
  }
  return pending;
}
