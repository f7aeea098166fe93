import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@sh/shared/contract';
import { toRegistrationInput } from '../../lib/registration-input';
import { ActionNotice } from './ActionNotice';
import { AdminListBody } from './AdminListBody';
import { Pager } from './Pager';
import { RecordActionDialogs } from './RecordActionDialogs';
import { RecordsTable } from './RecordsTable';
import { SearchBox } from './SearchBox';
import { ZRecordSearchFormSchema } from './search-schemas';
import { useAdminList } from './use-admin-list';
import { useRecordActions } from './use-record-actions';

/** The records view of /admin: every garage's records, newest service first, searchable by registration and paged. */
export function RecordsView() {
  const [search, setSearch] = useState('');
  const list = useAdminList('serviceRecords', search);
  const actions = useRecordActions();

  return (
    <section className="admin-section" aria-labelledby="admin-records-title">
      <div className="admin-section__header">
        <h2 id="admin-records-title">Service records</h2>
        <Link to="/admin/records" className="button button--ghost button--small">
          Service record manager
        </Link>
      </div>
      <SearchBox
        label="Search by registration"
        param="records_q"
        schema={ZRecordSearchFormSchema}
        applied={search}
        onApply={setSearch}
        toTyped={toRegistrationInput}
      />
      <ActionNotice notice={actions.notice} />
      <AdminListBody page={list.page} loadingLabel="Loading service records…">
        {(data) =>
          data.serviceRecords.length === 0 ? (
            <p className="admin-empty">{search ? `No service records for ${search}.` : 'No service records yet.'}</p>
          ) : (
            <RecordsTable
              records={data.serviceRecords}
              caption={`Service records, page ${list.pageNumber}`}
              actions={actions}
            />
          )
        }
      </AdminListBody>
      <Pager list={list} label="Service record pages" />
      <RecordActionDialogs actions={actions} deleteFailed={MESSAGES.admin.deleteFailed} />
    </section>
  );
}
