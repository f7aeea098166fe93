import { forwardedTarget, type TOperation, type TServiceName } from '@sh/shared/contract';

/** The services behind the gateway. */
export type UpstreamName = TServiceName;

/** Whether a request target is under /api/ (in any case, as express mounts it), read as it is forwarded. */
export function isApiTarget(rawUrl: string): boolean {
  const path = forwardedTarget(rawUrl)?.path;
  return path !== undefined && path.length >= 5 && path.slice(0, 5).toLowerCase() === '/api/';
}

/**
 * The segments of a request target's path, each decoded (up to three times, so that an encoded escape counts as what it
 * spells) and lower-cased, split at slashes and backslashes; null when the path does not decode.
 */
function decodedSegments(rawUrl: string): string[] | null {
  let decoded = rawUrl.split('?')[0] ?? '';
  for (let i = 0; i < 3; i += 1) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return null;
    }
  }
  return decoded.toLowerCase().split(/[/\\]+/);
}

/**
 * True for a path that must never leave the gateway: anything naming an internal segment, however it is
 * encoded, and any dot-segment that could climb out of /api/v1/.
 */
export function isForbiddenPath(rawUrl: string): boolean {
  const segments = decodedSegments(rawUrl);
  return segments === null || segments.some((segment) => segment === 'internal' || segment === '..' || segment === '.');
}

/**
 * True for a path under the web build's server bundle (ssr/: the gateway's, never the browser's), however it is spelt,
 * since the static handler decodes the path it serves: an escape, an encoded slash, any case. A path that does not
 * decode is refused too.
 */
export function isServerBundlePath(rawUrl: string): boolean {
  const segments = decodedSegments(rawUrl);
  return segments === null || segments.find((segment) => segment !== '') === 'ssr';
}

/**
 * Whether the gateway turns a call away without a valid access token: any call whose `auth` names a caller, but those
 * that take an admin's enrolment-only token too (the service checks the token there). The service checks the token
 * again and decides roles itself.
 */
export function needsToken(operation: TOperation): boolean {
  return (
    operation.auth !== 'public' && operation.auth !== 'stripe-signature' && operation.acceptsEnrolmentToken !== true
  );
}
