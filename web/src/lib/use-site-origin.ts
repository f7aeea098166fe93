import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};
const browserOrigin = () => window.location.origin;
const noOrigin = () => '';

/**
 * This site's origin (https://…), for a link shown in full. A page the gateway pre-renders (entry-server.tsx) has no
 * origin on the server, where the visitor's Host is not to be trusted: it renders '' there and when it is hydrated, and
 * the browser's origin at once after (docs/architecture.md#web-delivery).
 */
export function useSiteOrigin(): string {
  return useSyncExternalStore(neverChanges, browserOrigin, noOrigin);
}
