import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LegalDocument, type TLegalSection } from '../components/LegalDocument';
import { SESSION_COOKIE } from '@sh/shared/contract';
import { BRAND } from '../brand';
import { useDocumentTitle } from '../lib/use-document-title';

type TCookie = { name: string; purpose: string; duration: string };

const COOKIE_TYPES: readonly { title: string; description: string; cookies: readonly TCookie[] }[] = [
  {
    title: 'Essential cookies',
    description: 'Needed for the platform to work. They cannot be switched off.',
    cookies: [
      {
        name: `Authentication (${SESSION_COOKIE.name})`,
        purpose:
          'Keeps you signed in, also when you come back later: it holds the token that renews your sign-in. It is set when you sign in, is sent only to our sign-in renewal and sign-out, and cannot be read by scripts on the page. Signing out deletes it.',
        duration: '30 days, or until you sign out',
      },
    ],
  },
  {
    title: 'Functional cookies',
    description: 'Remember your choices to make the platform easier to use.',
    cookies: [
      { name: 'Preferences', purpose: 'Remembers settings such as your cookie choices.', duration: '30 days' },
      { name: 'Language', purpose: 'Remembers your preferred language.', duration: '1 year' },
      { name: 'Theme', purpose: 'Remembers your display preferences.', duration: '1 year' },
      { name: 'Form Data', purpose: 'Keeps what you typed in a long form if you leave the page.', duration: '7 days' },
      { name: 'Recent Searches', purpose: 'Lists the registrations you searched for recently.', duration: '30 days' },
    ],
  },
  {
    title: 'Analytics cookies',
    description: 'Help us understand how the platform is used so we can improve it.',
    cookies: [
      { name: 'Usage Analytics', purpose: 'Counts visits and the pages people use.', duration: '2 years' },
      { name: 'Performance', purpose: 'Measures how quickly pages load.', duration: '1 year' },
      {
        name: 'Feature Usage',
        purpose: 'Shows which features are used, so we know what to improve.',
        duration: '1 year',
      },
      { name: 'Error Tracking', purpose: 'Records errors so we can find and fix them.', duration: '30 days' },
    ],
  },
];

/** /cookie-policy: the cookies we use, how long they last, and a demonstration preferences panel. */
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
          {COOKIE_TYPES.map((type) => (
            <div key={type.title} className="cookie-type">
              <h3>{type.title}</h3>
              <p>{type.description}</p>
              <div className="table-wrap table-wrap--plain">
                <table className="data-table">
                  <caption className="visually-hidden">{type.title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Cookie</th>
                      <th scope="col">Purpose</th>
                      <th scope="col">Duration</th>
                    </tr>
                  </thead>
                  <tbody>
                    {type.cookies.map((cookie) => (
                      <tr key={cookie.name}>
                        <th scope="row">{cookie.name}</th>
                        <td>{cookie.purpose}</td>
                        <td>{cookie.duration}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))}
          <p>A session cookie is deleted when you close your browser.</p>
          <p>
            While you are signed in, your browser&apos;s local storage also remembers which account signed in (its id
            and e-mail address) and its type, so that the site knows to renew your sign-in when you return. No password
            or token is kept there, and signing out removes it.
          </p>
        </>
      ),
    },
    {
      id: 'managing',
      title: 'Managing your preferences',
      content: (
        <>
          <p>
            You can block or delete cookies in your browser&apos;s settings. Blocking essential cookies will stop parts
            of the platform, such as signing in, from working.
          </p>
          <CookiePreferencesDemo />
        </>
      ),
    },
    {
      id: 'third-party',
      title: 'Third-party cookies',
      content: (
        <>
          <p>Some cookies are set by services we use:</p>
          <ul>
            <li>our card payment provider, when a garage pays for a subscription;</li>
            <li>our authentication provider, to keep accounts secure;</li>
            <li>our analytics providers, to measure how the platform is used.</li>
          </ul>
          <p>These providers handle the data under their own privacy policies.</p>
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
      intro={`This policy explains the cookies ${BRAND.name} uses, what they do and how long they last.`}
      sections={sections}
    />
  );
}

/**
 * The Manage Cookie Preferences panel, a demonstration (docs/product.md#information-pages): it is not connected to any
 * cookie system, and says so.
 */
function CookiePreferencesDemo() {
  const [isOpen, setIsOpen] = useState(false);
  const [isAnalyticsOn, setIsAnalyticsOn] = useState(true);
  const [isFunctionalOn, setIsFunctionalOn] = useState(true);
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
          <strong>Demonstration only.</strong> This panel is not connected to any cookie system, and changing these
          switches has no effect.
        </p>
        <ul className="cookie-demo__list">
          <li>
            <span>
              <strong>Essential</strong>
              <span className="cookie-demo__hint">Always required</span>
            </span>
            <span className="switch-label">Always on</span>
          </li>
          <li>
            <span>
              <strong id={`${panelId}-analytics`}>Analytics</strong>
              <span className="cookie-demo__hint">Usage, performance and error tracking</span>
            </span>
            <Switch
              labelId={`${panelId}-analytics`}
              isOn={isAnalyticsOn}
              onToggle={() => setIsAnalyticsOn((on) => !on)}
            />
          </li>
          <li>
            <span>
              <strong id={`${panelId}-functional`}>Functional</strong>
              <span className="cookie-demo__hint">Preferences, language, theme and recent searches</span>
            </span>
            <Switch
              labelId={`${panelId}-functional`}
              isOn={isFunctionalOn}
              onToggle={() => setIsFunctionalOn((on) => !on)}
            />
          </li>
        </ul>
      </div>
    </div>
  );
}

function Switch({ labelId, isOn, onToggle }: { labelId: string; isOn: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-labelledby={labelId}
      className="switch"
      onClick={onToggle}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span className="switch__text" aria-hidden="true">
        {isOn ? 'On' : 'Off'}
      </span>
    </button>
  );
}
