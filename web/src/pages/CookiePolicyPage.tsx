import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LegalDocument, type TLegalSection } from '../components/LegalDocument';
import { SESSION_COOKIE } from '@sh/shared/contract';
import { BRAND } from '../brand';
import { useDocumentTitle } from '../lib/use-document-title';

type TStored = { name: string; purpose: string; duration: string };

/** The one cookie the site sets (services/identity/src/routes/session-cookie.ts). */
const COOKIES: readonly TStored[] = [
  {
    name: `Authentication (${SESSION_COOKIE.name})`,
    purpose:
      'Keeps you signed in, also when you come back later: it holds the token that renews your sign-in. It is set when you sign in, is sent only to our sign-in renewal and sign-out, and cannot be read by scripts on the page. Signing out deletes it.',
    duration: '30 days, or until you sign out',
  },
];

/** What the site keeps in the browser's local storage (web/src/auth/session-storage.ts, web/src/lib/log-witness.ts). */
const LOCAL_STORAGE: readonly TStored[] = [
  {
    name: 'sh.auth.user',
    purpose:
      'Which account signed in on this browser (its id and e-mail address), so that the site knows to renew your sign-in when you return.',
    duration: 'Until you sign out',
  },
  {
    name: 'sh.auth.user_type.…',
    purpose: 'Whether the account that signed in is a garage or an administrator, so the right pages open.',
    duration: 'Until you sign out',
  },
  {
    name: 'sh.log.checkpoint.…',
    purpose:
      'The latest checkpoint of our public transparency log that this browser has checked, so that a log rewritten later is noticed. It holds nothing about you.',
    duration: 'Until you clear this site’s data',
  },
];

/** /cookie-policy: the one cookie we set, what local storage keeps, and an informational preferences panel (issue 26). */
export function CookiePolicyPage() {
  useDocumentTitle('Cookie Policy');
  const sections: readonly TLegalSection[] = [
    {
      id: 'what-are-cookies',
      title: 'What cookies are',
      content: (
        <p>
          Cookies are small text files that a website stores on your device. They let the site remember things between
          pages and visits, such as the fact that you are signed in. Similar technologies, such as local storage, are
          covered by this policy too.
        </p>
      ),
    },
    {
      id: 'types',
      title: 'The cookies we use',
      content: (
        <>
          <div className="cookie-type">
            <h3>Essential cookies</h3>
            <p>Needed for signing in. We set this one cookie, and only when you sign in.</p>
            <StoredTable caption="Essential cookies" heading="Cookie" rows={COOKIES} />
          </div>
          <p>
            We set no other cookies: no analytics, preference, language, theme, form or search cookies. Looking up a
            vehicle or reading these pages sets no cookie at all.
          </p>
          <div className="cookie-type">
            <h3>Local storage</h3>
            <p>
              Your browser&apos;s local storage keeps the following. No password or token is kept there, and signing out
              removes the sign-in entries.
            </p>
            <StoredTable caption="Local storage" heading="Entry" rows={LOCAL_STORAGE} />
          </div>
        </>
      ),
    },
    {
      id: 'managing',
      title: 'Managing your preferences',
      content: (
        <>
          <p>
            You can block or delete cookies and site data in your browser&apos;s settings. Blocking the sign-in cookie
            stops signing in from working; everything else, such as looking up a vehicle, works without it.
          </p>
          <CookiePreferences />
        </>
      ),
    },
    {
      id: 'third-party',
      title: 'Third-party cookies',
      content: (
        <>
          <p>
            None. Our pages load no scripts, fonts or images from anyone else, so no other company can set a cookie
            through them.
          </p>
          <p>
            When a garage pays for its subscription it leaves our site for the checkout and billing pages of our card
            payment provider, Stripe, which sets its own cookies there under Stripe&apos;s own cookie policy.
          </p>
        </>
      ),
    },
    {
      id: 'questions',
      title: 'Questions',
      content: (
        <p>
          If you have a question about cookies, <Link to="/contact">contact us</Link>. Our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle personal data more generally.
        </p>
      ),
    },
    {
      id: 'updates',
      title: 'Updates to this policy',
      content: (
        <p>
          We will update this policy when the cookies we use change. The date at the top of the page shows when it was
          last updated.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Cookie Policy"
      isDated
      intro={`This policy explains the one cookie ${BRAND.name} sets, what it keeps in your browser's local storage, and how long each lasts.`}
      sections={sections}
    />
  );
}

function StoredTable({ caption, heading, rows }: { caption: string; heading: string; rows: readonly TStored[] }) {
  return (
    <div className="table-wrap table-wrap--plain">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">Purpose</th>
            <th scope="col">Duration</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{row.purpose}</td>
              <td>{row.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Manage Cookie Preferences panel (docs/product.md#information-pages): informational only. There is nothing to
 * choose, since the one cookie is the sign-in's, and the panel says so.
 */
function CookiePreferences() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();

  return (
    <div className="cookie-demo">
      <button
        type="button"
        className="button button--ghost"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        Manage Cookie Preferences
      </button>
      <div id={panelId} className="cookie-demo__panel" hidden={!isOpen}>
        <p className="cookie-demo__label">
          <strong>For information only.</strong> There is nothing to switch off: the only cookie we set is the essential
          sign-in cookie, and we set no optional cookies.
        </p>
        <ul className="cookie-demo__list">
          <li>
            <span>
              <strong>Essential</strong>
              <span className="cookie-demo__hint">The sign-in cookie, set only when you sign in</span>
            </span>
            <span className="switch-label">Always on</span>
          </li>
          <li>
            <span>
              <strong>Analytics, preferences and others</strong>
              <span className="cookie-demo__hint">We set none</span>
            </span>
            <span className="switch-label">None set</span>
          </li>
        </ul>
      </div>
    </div>
  );
}
