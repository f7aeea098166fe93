import { Suspense } from 'react';
import { FooterContent } from '../../route-pages';

/**
 * The site footer. The frame draws it at once; its links and words (FooterContent) load just after the frame, which
 * keeps them out of the first load's budget (scripts/check-bundle-budget.mjs).
 */
export function Footer() {
  return (
    <footer className="site-footer">
      <Suspense fallback={null}>
        <FooterContent />
      </Suspense>
    </footer>
  );
}
