import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageBoundary } from './PageBoundary';

/** The frame around every page: skip link, header, the page itself (loaded on demand) and the footer. */
export function Layout() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <PageBoundary resetKey={pathname}>
          <Outlet />
        </PageBoundary>
      </main>
      <Footer />
    </div>
  );
}
