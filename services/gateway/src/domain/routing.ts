/** The services behind the gateway. */
export type UpstreamName = 'identity' | 'garages' | 'records' | 'billing' | 'notifications';

interface Route {
  /** Matches the path after /api/v1/. */
  pattern: RegExp;
  service: UpstreamName;
}

/** DESIGN.md's routing table, most specific first (users/phone/ lives with the garage profile). */
const ROUTES: Route[] = [
  { pattern: /^users\/phone(\/|$)/, service: 'garages' },
  { pattern: /^(auth|users)(\/|$)/, service: 'identity' },
  { pattern: /^(companies|garages)(\/|$)/, service: 'garages' },
  { pattern: /^service-records(\/|$)/, service: 'records' },
  { pattern: /^vehicles(\/|$)/, service: 'records' },
  { pattern: /^(stripe|billing)(\/|$)/, service: 'billing' },
  { pattern: /^contact(\/|$)/, service: 'notifications' },
];

export const API_PREFIX = '/api/v1/';

/**
 * The path with the query removed, percent-encoding decoded (up to three layers) and runs of slashes folded to one,
 * its case kept: what the gateway reads its own routes' parameters from.
 */
export function decodedPath(rawUrl: string): string {
  let path = rawUrl.split('?')[0] ?? '';
  for (let i = 0; i < 3; i += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  path = path.replace(/[/\\]+/g, '/');
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * The path as the services' routers will treat it, for every decision the gateway takes on it: the query
 * removed, percent-encoding decoded, upper case lowered (express routes case-insensitively), runs of slashes
 * folded to one and a trailing slash dropped. Classifying on this form means no spelling of a path can escape
 * its budget or its token check; the request itself is forwarded as it came.
 */
export function canonicalPath(rawUrl: string): string {
  return decodedPath(rawUrl).toLowerCase();
}

/** The calls the gateway answers itself, composed from the services' /internal/ answers (DESIGN.md: admin/data). */
export type GatewayRoute =
  | { name: 'admin data' }
  | { name: 'admin status' }
  | { name: 'retry event'; service: string; id: string };

/**
 * Which of the gateway's own calls a request is, read from its decoded path (see decodedPath) so that every spelling
 * canonicalPath accepts reaches it; the event id keeps its case. Null for anything else, which goes on to routing.
 */
export function matchGatewayRoute(method: string, path: string): GatewayRoute | null {
  if (!path.toLowerCase().startsWith(`${API_PREFIX}admin/`)) return null;
  const rest = path.slice(API_PREFIX.length);
  if (method === 'GET' && /^admin\/data$/i.test(rest)) return { name: 'admin data' };
  if (method === 'GET' && /^admin\/status$/i.test(rest)) return { name: 'admin status' };
  const retry = /^admin\/events\/([^/]+)\/([^/]+)\/retry$/i.exec(rest);
  if (method === 'POST' && retry) return { name: 'retry event', service: retry[1]!.toLowerCase(), id: retry[2]! };
  return null;
}

/** Which service answers a path under /api/v1/, or null when none does. */
export function resolveUpstream(pathname: string): UpstreamName | null {
  if (!pathname.startsWith(API_PREFIX)) return null;
  const rest = pathname.slice(API_PREFIX.length);
  return ROUTES.find((route) => route.pattern.test(rest))?.service ?? null;
}

/**
 * True for a path that must never leave the gateway: anything naming an internal segment, however it is
 * encoded, and any dot-segment that could climb out of /api/v1/.
 */
export function isForbiddenPath(rawUrl: string): boolean {
  const pathname = rawUrl.split('?')[0] ?? '';
  let decoded = pathname;
  for (let i = 0; i < 3; i += 1) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return true;
    }
  }
  const segments = decoded.toLowerCase().split(/[/\\]+/);
  return segments.some((segment) => segment === 'internal' || segment === '..' || segment === '.');
}

/**
 * Paths that need a signed-in caller. The gateway turns away a missing or bad token here; the service
 * checks it again and decides roles itself.
 */
export function requiresAuthentication(method: string, pathname: string): boolean {
  if (!pathname.startsWith(API_PREFIX)) return false;
  const rest = pathname.slice(API_PREFIX.length);
  if (/^auth\/me$/.test(rest)) return true;
  if (/^users\/(email|password|phone)\//.test(rest)) return true;
  if (/^users\/resend-confirmation$/.test(rest)) return true;
  // users/second-factor/* is left to identity: an admin's enrolment-only token, which every access-token check refuses
  // (second_factor_enrolment_required), is good there and nowhere else; identity still demands a token of one kind.
  if (/^garages\/me(\/|$)/.test(rest)) return true;
  if (/^garages\/[^/]+\/release-company$/.test(rest)) return true;
  if (/^garages\/[^/]+\/suspension$/.test(rest)) return true;
  if (/^billing\/(subscription|portal)(\/|$)/.test(rest)) return true;
  if (/^stripe\/create-checkout-session$/.test(rest)) return true;
  if (/^admin(\/|$)/.test(rest)) return true;
  if (/^service-records(\/|$)/.test(rest)) {
    if (/^service-records\/lookup(\/|$)/.test(rest) && method === 'GET') return false;
    if (/^service-records\/verify(\/|$)/.test(rest) && method === 'GET') return false;
    if (/^service-records\/signing-key$/.test(rest) && method === 'GET') return false;
    if (/^service-records\/log\//.test(rest) && method === 'GET') return false;
    return true;
  }
  return false;
}

/**
 * The public lookup and the vehicle report beside it, which share the lookup's per-client budget: the report asks
 * DVLA and DVSA, whose allowances are ours to spend, so a visitor gets no more reports than lookups.
 */
export function isPublicLookup(pathname: string): boolean {
  return /^\/api\/v1\/(service-records\/lookup|vehicles)(\/|$)/.test(pathname);
}

/** Stripe's webhook endpoint, which Stripe calls from its own few addresses, signed. */
export function isStripeWebhook(pathname: string): boolean {
  return pathname === '/api/v1/stripe/webhook';
}

/**
 * Sign-in, account-recovery, signup (and its duplicate check, which tells whether a company is registered) and
 * public form posts, which get a tight budget against password guessing, enumeration, mail bombing and form spam.
 */
export function isCredentialCall(pathname: string): boolean {
  return /^\/api\/v1\/(auth\/(login|login\/second-factor|forgot-password|reset-password)|users\/(confirm-email|resend-confirmation|undo-email-change|second-factor\/enrolment\/confirm)|garages|garages\/check-duplicates|companies\/validate|contact|contact\/garage)$/.test(
    pathname,
  );
}
