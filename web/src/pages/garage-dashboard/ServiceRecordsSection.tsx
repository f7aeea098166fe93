import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, ZLookupRequestSchema } from '@sh/shared/contract';
import { FormField } from '../../components/FormField';
import { FullServiceIcon, SearchIcon } from '../../components/icons';
import { LoadFailure } from '../../components/LoadFailure';
import { Spinner } from '../../components/Spinner';
import { SubscribeAction } from '../../components/SubscribeAction';
import { toRegistrationInput } from '../../lib/registration-input';
import { useMyServiceRecords } from '../../lib/use-my-service-records';
import { useSchemaForm } from '../../lib/use-schema-form';
import { GarageRecordCard } from './GarageRecordCard';

/**
 * The dashboard's list of the garage's records, newest first, a page at a time, with a registration filter
 * and the empty states of docs/product.md#garage-dashboard ("Add First Record" when subscribed, else "Subscribe to Get Started").
 * `canAddRecords` is null while the subscription is still loading, so neither button shows yet.
 */
export function ServiceRecordsSection({ canAddRecords }: { canAddRecords: boolean | null }) {
  const [filter, setFilter] = useState('');
  const records = useMyServiceRecords(filter);

  return (
    <section className="dashboard-records" aria-labelledby="records-title">
      <div className="dashboard-records__header">
        <h2 id="records-title">Service records</h2>
        <RegistrationFilter applied={filter} onApply={setFilter} />
      </div>

      {records.status === 'loading' ? <Spinner label="Loading service history…" /> : null}
      {records.status === 'failed' ? (
        <LoadFailure title={MESSAGES.dashboard.loadFailed} isCompact onRetry={records.retry} />
      ) : null}

      {records.status === 'loaded' && records.records.length === 0 ? (
        filter ? (
          <div className="empty-state dashboard-empty">
            <SearchIcon size={40} />
            <p className="empty-state__message">{`You have no records for ${filter}.`}</p>
            <button type="button" className="button button--ghost" onClick={() => setFilter('')}>
              Show all records
            </button>
          </div>
        ) : (
          <EmptyState canAddRecords={canAddRecords} />
        )
      ) : null}

      {records.records.length > 0 ? (
        <>
          <ol className="record-list dashboard-records__list">
            {records.records.map((record) => (
              <li key={record.id}>
                <GarageRecordCard record={record} />
              </li>
            ))}
          </ol>
          <div className="dashboard-records__more" aria-live="polite">
            {records.moreError ? <p className="field-error">{records.moreError}</p> : null}
            {records.hasMore ? (
              <button
                type="button"
                className="button button--ghost"
                disabled={records.isLoadingMore}
                aria-busy={records.isLoadingMore}
                onClick={records.loadMore}
              >
                {records.isLoadingMore ? 'Loading…' : records.moreError ? 'Try again' : 'Load more'}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}

/** Narrows the list to one registration (upper-cased as typed); an empty box shows every record again. */
function RegistrationFilter({ applied, onApply }: { applied: string; onApply: (registration: string) => void }) {
  const form = useSchemaForm({
    initialValues: { registration: applied },
    schema: ZLookupRequestSchema,
    onSubmit: ({ registration }) => onApply(registration),
  });
  // When the filter is cleared from elsewhere ("Show all records"), the box follows.
  const [shownApplied, setShownApplied] = useState(applied);
  if (shownApplied !== applied) {
    setShownApplied(applied);
    form.reset({ registration: applied });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (form.values.registration !== '') {
      form.handleSubmit(event);
      return;
    }
    event.preventDefault();
    onApply('');
  }

  return (
    <form className="record-filter" role="search" aria-label="Filter records" noValidate onSubmit={handleSubmit}>
      <FormField
        label="Filter by registration"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...form.bindField('registration')}
        onChange={(event) => form.setValue('registration', toRegistrationInput(event.target.value))}
        action={
          <button type="submit" className="button button--primary form-field__action">
            Filter
          </button>
        }
      />
      {applied ? (
        <button
          type="button"
          className="button button--ghost button--small record-filter__clear"
          onClick={() => onApply('')}
        >
          Clear filter
        </button>
      ) : null}
    </form>
  );
}

function EmptyState({ canAddRecords }: { canAddRecords: boolean | null }) {
  return (
    <div className="empty-state dashboard-empty">
      <FullServiceIcon size={40} />
      <p className="empty-state__message">
        {canAddRecords === false
          ? 'Subscribe to start logging services against vehicle registrations. Records you log are listed here.'
          : 'Log each service against the vehicle’s registration; your records will be listed here, newest first.'}
      </p>
      {canAddRecords === null ? null : canAddRecords ? (
        <Link to="/add-service" className="button button--primary">
          Add First Record
        </Link>
      ) : (
        <SubscribeAction label="Subscribe to Get Started" className="button button--primary" />
      )}
    </div>
  );
}
