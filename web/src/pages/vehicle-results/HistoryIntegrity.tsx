import { Link } from 'react-router-dom';
import type { TPublicServiceRecord } from '@sh/shared/contract';
import { verifyRecordChain } from '../../api/service-records';
import { ShieldCheckIcon, WarningIcon } from '../../components/icons';
import { formatServiceDate, formatTodayInUk } from '../../lib/format';
import { useApiData } from '../../lib/use-api-data';

const count = new Intl.NumberFormat('en-GB');

/**
 * Under a vehicle's history: whether its record chain is intact (GET service-records/verify). A broken chain
 * is named by position (and by record, when it is one of those shown); while the check runs, or when it
 * cannot be made, the line stays neutral: a failed check says nothing about the records.
 */
export function HistoryIntegrity({ registration, records }: { registration: string; records: readonly TPublicServiceRecord[] }) {
  const chain = useApiData((signal) => verifyRecordChain(registration, { signal }), [registration]);

  if (chain.status !== 'loaded' && chain.status !== 'failed') {
    return (
      <p className="integrity integrity--neutral" role="status">
        Checking the history’s integrity…
      </p>
    );
  }
  const howToCheck = (
    <Link to="/verify-records" className="integrity__link">
      How anyone can check this
    </Link>
  );
  if (chain.status === 'failed') {
    return (
      <p className="integrity integrity--neutral" role="status">
        Could not check the history’s integrity just now. {howToCheck}
      </p>
    );
  }

  const check = chain.data;
  if (check.valid) {
    if (check.length === 0) return null;
    return (
      <p className="integrity integrity--intact" role="status">
        <ShieldCheckIcon size={20} />
        <span>
          {check.length === 1
            ? 'History intact: 1 entry, sealed when it was logged.'
            : `History intact: ${count.format(check.length)} entries, each sealed to the one before it.`}{' '}
          {howToCheck}
          {check.head ? (
            <span className="integrity__hash">
              Verification hash <code>{check.head}</code>, checked on {formatTodayInUk()}
            </span>
          ) : null}
        </span>
      </p>
    );
  }

  const position = check.brokenAt?.position ?? null;
  const record = check.brokenAt?.record_id ? records.find((candidate) => candidate.id === check.brokenAt?.record_id) : undefined;
  return (
    <div className="notice notice--warning integrity integrity--broken" role="alert">
      <WarningIcon size={24} />
      <div>
        <h2 className="notice__title">{position === null ? 'This history does not match its seals' : `Entry ${position} of this history does not match its seal`}</h2>
        <p>
          {position === null ? 'An entry' : `Entry ${position}`}
          {record ? ` (${record.service_type}, ${formatServiceDate(record.service_date)})` : ''} no longer matches the seal
          made when it was logged, so this history may have been changed after it was recorded. Please treat it with
          caution and <Link to="/contact">tell us</Link>.
        </p>
        <p>{howToCheck}</p>
      </div>
    </div>
  );
}
