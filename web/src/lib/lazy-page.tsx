import { lazy, useState, type ComponentType } from 'react';

/** A route page whose code loads on first use; preload() fetches it ahead of time. */
export type TLazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A route page in its own chunk, loaded with React.lazy the first time it renders (the nearest Suspense
 * shows its fallback meanwhile). Once its module is in (from a visit, or from preload()), it renders at once
 * without suspending again.
 */
export function lazyPage<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType): TLazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;

  function fetchPage(): Promise<ComponentType> {
    loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  const Suspending = lazy(async () => ({ default: await fetchPage() }));

  function LazyPage() {
    // Chosen once per mount, so a page that has rendered never swaps component (which would remount it).
    const [Page] = useState(() => loaded ?? Suspending);
    return <Page />;
  }

  return Object.assign(LazyPage, { preload: () => fetchPage().then(() => undefined) });
}
