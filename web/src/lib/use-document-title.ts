import { useEffect } from 'react';
import { BRAND } from '../brand';

/** Sets the browser tab's title for the current page ("Pricing | ServiceStamp"). */
export function useDocumentTitle(pageTitle: string | null): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${BRAND.name}` : `${BRAND.name} – ${BRAND.strapline}`;
  }, [pageTitle]);
}
