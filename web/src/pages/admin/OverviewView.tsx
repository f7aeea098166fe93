import { fetchAdminData } from '../../api/admin';
import { NoteIcon } from '../../components/icons';
import { useApiData } from '../../lib/use-api-data';
import { AdminActionsTable } from './AdminActionsTable';
import { AdminListBody } from './AdminListBody';
import { PlatformStatus } from './PlatformStatus';
import { SummaryCards } from './SummaryCards';

/** The gateway's API documentation pages (served outside the SPA). */
const API_DOCS_PATH = '/api/v1/docs';
const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * The overview of /admin (its first view): the three cards and the latest service date from admin/data, the
 * platform's live status, the recent admin actions, and the API documentation.
 */
export function OverviewView() {
  // The overview shows the totals and the audit only: a one-row page of each list keeps the answer small.
  const overview = useApiData((signal) => fetchAdminData({ limit: 1 }, { signal }), []);

  return (
    <div className="admin-overview">
      <section className="admin-section" aria-labelledby="admin-totals-title">
        <h2 id="admin-totals-title" className="visually-hidden">
          Totals
        </h2>
        <AdminListBody page={overview} loadingLabel="Loading the overview…">
          {(data) => <SummaryCards totals={data.totals} unavailable={data.unavailable} />}
        </AdminListBody>
      </section>

      <PlatformStatus />

      <section className="admin-section" aria-labelledby="admin-actions-title">
        <h2 id="admin-actions-title">Recent admin actions</h2>
        {overview.status === 'loaded' ? <AdminActionsTable actions={overview.data.adminActions} /> : null}
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
  );
}
