import { useAuth } from '../auth/AuthProvider';
import { NoteIcon, PersonIcon } from '../components/icons';
import { useDocumentTitle } from '../lib/use-document-title';

/** The gateway's API documentation pages (served outside the SPA). */
const API_DOCS_PATH = '/api/v1/docs';
const OPENAPI_PATH = '/api/v1/openapi.json';

/** /admin: the signed-in administrator and the API documentation. */
export function AdminPage() {
  useDocumentTitle('Admin');
  const { user } = useAuth();

  return (
    <div className="admin-page">
      <section className="page-hero page-hero--compact" aria-labelledby="admin-title">
        <div className="container narrow">
          <p className="eyebrow eyebrow--on-dark">Administration</p>
          <h1 id="admin-title">Admin</h1>
        </div>
      </section>
      <div className="container narrow account-page__body">
        <section className="card settings-card" aria-labelledby="admin-account-title">
          <h2 id="admin-account-title" className="settings-card__title">
            <PersonIcon size={22} />
            Administrator
          </h2>
          <p className="settings-card__lead">
            Signed in as <strong>{user?.email}</strong>
          </p>
        </section>
        <section className="card settings-card" aria-labelledby="admin-api-title">
          <h2 id="admin-api-title" className="settings-card__title">
            <NoteIcon size={22} />
            API documentation
          </h2>
          <p className="settings-card__lead">
            Every endpoint of the platform, with its request and response schemas, generated from the shared contract.
          </p>
          <div className="form__actions">
            <a href={API_DOCS_PATH} className="button button--primary">
              Open the API docs
            </a>
            <a href={OPENAPI_PATH} className="button button--ghost">
              OpenAPI document (JSON)
            </a>
          </div>
        </section>
      </div>
    </div>
  );
}
