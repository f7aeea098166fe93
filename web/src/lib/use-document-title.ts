import { useEffect } from 'react';
import { BRAND } from '../brand';

/** Sets the browser tab's title for the current page ("Pricing | " and the brand). */
export function useDocumentTitle(pageTitle: string | null): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${BRAND.name}` : `${BRAND.name} – ${BRAND.strapline}`;
  }, [pageTitle]);
}
