import { Link, useSearchParams } from 'react-router-dom';
import { ADMIN_PAGE_MAX, MESSAGES } from '@sh/shared/contract';
import { BackLink } from '../components/BackLink';
import { NumberPlate } from '../components/NumberPlate';
import { formatRecordCount } from '../lib/format';
import { toRegistrationInput } from '../lib/registration-input';
import { useDocumentTitle } from '../lib/use-document-title';
import { ActionNotice } from './admin/ActionNotice';
import { AdminListBody } from './admin/AdminListBody';
import { AdminRecordCard } from './admin/AdminRecordCard';
import { Pager } from './admin/Pager';
import { RecordActionDialogs } from './admin/RecordActionDialogs';
import { SearchBox } from './admin/SearchBox';
import { ZRequiredRegistrationSearchSchema } from './admin/search-schemas';
import { useAdminList } from './admin/use-admin-list';
import { useRecordActions } from './admin/use-record-actions';
import '../styles/admin.css';

/**
 * /admin/records (docs/product.md#service-record-manager): a registration search (required, upper-cased as typed) kept
 * in the URL (?reg=), the vehicle's records newest first with a count, each with its history, and working Edit
 * (an amendment) and Delete (a withdrawal).
 */
export function AdminRecordsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const registration = toRegistrationInput(searchParams.get('reg') ?? '');
  useDocumentTitle(registration ? `Records for ${registration}` : 'Service record manager');
  const list = useAdminList('serviceRecords', registration, { limit: ADMIN_PAGE_MAX, isEnabled: registration !== '' });
  const actions = useRecordActions();

  return (
    <div className="admin-page">
      <section className="page-hero page-hero--compact" aria-labelledby="manager-title">
        <div className="container admin-hero">
          <div>
            <BackLink to="/admin" isOnDark>
              Admin dashboard
            </BackLink>
            <p className="eyebrow eyebrow--on-dark">Administration</p>
            <h1 id="manager-title">Service record manager</h1>
          </div>
        </div>
      </section>
      <div className="container admin-body">
        <SearchBox
          key={registration}
          label="Registration number"
          param="records_q"
          schema={ZRequiredRegistrationSearchSchema}
          applied={registration}
          onApply={(search) => setSearchParams({ reg: search })}
          toTyped={toRegistrationInput}
          isClearable={false}
        />
        <ActionNotice notice={actions.notice} />
        {registration ? (
          <AdminListBody page={list.page} loadingLabel="Searching records…" failedTitle={MESSAGES.manager.searchFailed}>
            {(data) => (
              <section className="admin-section" aria-labelledby="manager-results-title">
                <h2 id="manager-results-title" className="admin-results__title">
                  Records for <NumberPlate registration={registration} size="sm" />
                </h2>
                <p className="admin-results__count">
                  {list.hasNext || list.hasPrevious
                    ? `${data.serviceRecords.length} records on page ${list.pageNumber}, newest first`
                    : `${formatRecordCount(data.serviceRecords.length)}, newest first`}
                </p>
                {data.serviceRecords.length > 0 ? (
                  <ol className="record-list">
                    {data.serviceRecords.map((record) => (
                      <li key={record.id}>
                        <AdminRecordCard record={actions.latest(record)} actions={actions} />
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="admin-empty">{MESSAGES.lookup.noRecords}</p>
                )}
              </section>
            )}
          </AdminListBody>
        ) : (
          <p className="admin-empty">
            Enter a registration to see every record of the vehicle, withdrawn ones included, with its history. The{' '}
            <Link to="/admin?view=records">records view</Link> lists every vehicle’s.
          </p>
        )}
        {registration && (list.hasNext || list.hasPrevious) ? <Pager list={list} label="Result pages" /> : null}
        <RecordActionDialogs actions={actions} deleteFailed={MESSAGES.manager.deleteFailed} />
      </div>
    </div>
  );
}
