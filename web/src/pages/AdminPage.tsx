import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';
import { useDocumentTitle } from '../lib/use-document-title';
import { GaragesView } from './admin/GaragesView';
import { OverviewView } from './admin/OverviewView';
import { RecordsView } from './admin/RecordsView';
import '../styles/admin.css';

const VIEWS = [
  { id: 'overview', label: 'Overview' },
  { id: 'garages', label: 'Garages' },
  { id: 'records', label: 'Records' },
] as const;
type TAdminView = (typeof VIEWS)[number]['id'];

/** The view named by ?view=, the overview when none (or an unknown one) is named. */
function readView(value: string | null): TAdminView {
  return VIEWS.find((view) => view.id === value)?.id ?? 'overview';
}

/**
 * /admin (docs/product.md#admin-dashboard): the overview, garages and records views, the current one kept in the URL
 * (?view=), so a reload stays on it and Back returns to the one before.
 */
export function AdminPage() {
  const [searchParams] = useSearchParams();
  const view = readView(searchParams.get('view'));
  const label = VIEWS.find((candidate) => candidate.id === view)?.label ?? 'Overview';
  useDocumentTitle(`Admin: ${label}`);
  const { user } = useAuth();

  return (
    <div className="admin-page">
      <section className="page-hero page-hero--compact" aria-labelledby="admin-title">
        <div className="container admin-hero">
          <div>
            <p className="eyebrow eyebrow--on-dark">Administration</p>
            <h1 id="admin-title">Admin dashboard</h1>
            {user ? <p className="page-hero__lead">Signed in as {user.email}</p> : null}
          </div>
          <Link to="/admin/records" className="button button--outline-light">
            Service record manager
          </Link>
        </div>
      </section>
      <div className="container admin-body">
        <nav className="tabs__list admin-views" aria-label="Admin views">
          {VIEWS.map((candidate) => (
            <Link
              key={candidate.id}
              to={candidate.id === 'overview' ? '/admin' : `/admin?view=${candidate.id}`}
              className="tabs__tab"
              aria-current={candidate.id === view ? 'page' : undefined}
            >
              {candidate.label}
            </Link>
          ))}
        </nav>
        {view === 'overview' ? <OverviewView /> : null}
        {view === 'garages' ? <GaragesView /> : null}
        {view === 'records' ? <RecordsView /> : null}
      </div>
    </div>
  );
}
