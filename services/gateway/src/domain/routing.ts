import { forwardedTarget, type TOperation, type TServiceName } from '@sh/shared/contract';

/** The services behind the gateway. */
export type UpstreamName = TServiceName;

/** Whether a request target is under /api/ (in any case, as express mounts it), read as it is forwarded. */
export function isApiTarget(rawUrl: string): boolean {
  const path = forwardedTarget(rawUrl)?.path;
  return path !== undefined && path.length >= 5 && path.slice(0, 5).toLowerCase() === '/api/';
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
 * Whether the gateway turns a call away without a valid access token: any call whose `auth` names a caller, but those
 * that take an admin's enrolment-only token too (the service checks the token there). The service checks the token
 * again and decides roles itself.
 */
export function needsToken(operation: TOperation): boolean {
  return (
    operation.auth !== 'public' && operation.auth !== 'stripe-signature' && operation.acceptsEnrolmentToken !== true
  );
}
