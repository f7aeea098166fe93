import { Link } from 'react-router-dom';
import type { TPublicServiceRecord } from '@sh/shared/contract';
import { ShieldCheckIcon, WarningIcon } from '../../components/icons';
import type { THistoryCheck, TNamedEntry } from '../../lib/check-history-in-browser';
import { describeConsistency, formatEntries } from '../../lib/log-witness';
import { formatServiceDate, formatTodayInUk, formatWholeNumber } from '../../lib/format';
import type { TApiData } from '../../lib/use-api-data';

/**
 * Under a vehicle's history: the visitor's browser checks it against the public transparency log (issue 23), trusting
 * only the log's key built into the site, and says so only when all of it holds. Anything that does not hold is named
 * (the entry, and the service when it is one shown here); while the check runs, or when the server cannot be reached,
 * the line stays neutral: a check not made says nothing about the records. Loaded lazily; the page runs the check.
 */
export function HistoryIntegrity({
  check,
  records,
}: {
  /** The page's check (checkHistoriesInBrowser), which the buyer's summary reads too. */
  check: TApiData<THistoryCheck>;
  records: readonly TPublicServiceRecord[];
}) {
  const howToCheck = (
    <Link to="/verify-records" className="integrity__link">
      How anyone can check this
    </Link>
  );

  const checkAgain = (
    <button type="button" className="integrity__again" onClick={check.retry}>
      Check again
    </button>
  );
  if (check.status === 'failed') {
    return (
      <p className="integrity integrity--neutral" role="status">
        <span>
          Could not check this history in your browser just now. {checkAgain} {howToCheck}
        </span>
      </p>
    );
  }
  if (check.status !== 'loaded') {
    return (
      <p className="integrity integrity--neutral" role="status">
        Checking this history in your browser…
      </p>
    );
  }

  const result = check.data;
  if (result.status === 'awaiting-checkpoint') {
    return (
      <p className="integrity integrity--neutral" role="status">
        <span>
          This history is not in a signed checkpoint of the public log yet; the log signs one within about a minute.{' '}
          {checkAgain} {howToCheck}
        </span>
      </p>
    );
  }

  if (result.status === 'verified') {
    const { checkpoint, entryCount, pending, previous } = result;
    const inCheckpoint = entryCount - pending.length;
    const newest = pending.at(-1);
    return (
      <p className="integrity integrity--intact" role="status">
        <ShieldCheckIcon size={20} />
        <span>
          {pending.length === 0
            ? `History verified in your browser: ${entryCount === 1 ? 'its 1 entry is' : `its ${formatWholeNumber(entryCount)} entries are`} in the public log’s signed checkpoint of ${formatEntries(checkpoint.size)}, and match${entryCount === 1 ? 'es' : ''} what is shown here.`
            : `History verified in your browser up to the public log’s signed checkpoint of ${formatEntries(checkpoint.size)}: ${formatWholeNumber(inCheckpoint)} of its ${formatWholeNumber(entryCount)} entries are in it, and what is shown here matches them.`}{' '}
          {newest
            ? pending.length === 1
              ? `The newest entry (${describeEntry(newest, records)}) is awaiting the log’s next checkpoint, within about a minute. `
              : `The newest ${formatWholeNumber(pending.length)} entries (the last: ${describeEntry(newest, records)}) are awaiting the log’s next checkpoint, within about a minute. `
            : null}
          {newest ? <>{checkAgain} </> : null}
          {previous ? `${describeConsistency(previous.size, checkpoint.size)} ` : null}
          {howToCheck}
          <span className="integrity__hash">
            Checkpoint root hash <code>{checkpoint.rootHashBase64}</code>, checked on {formatTodayInUk()}
          </span>
        </span>
      </p>
    );
  }

  if (result.status === 'inconsistent') {
    return (
      <div className="notice notice--warning integrity integrity--broken" role="alert">
        <WarningIcon size={24} />
        <div>
          <h2 className="notice__title">This history could not be verified: the public log has been rewritten</h2>
          <p>
            This browser saw the public log before, with {formatEntries(result.previous.size)} and root hash{' '}
            <code className="integrity__code">{result.previous.rootHashBase64}</code>. The log the server shows now,
            with {formatEntries(result.checkpoint.size)} and root hash{' '}
            <code className="integrity__code">{result.checkpoint.rootHashBase64}</code>, does not contain that one
            unchanged, which a log that is only ever added to never does. Please treat this history with caution and{' '}
            <Link to="/contact">tell us</Link>.
          </p>
          <p>{howToCheck}</p>
        </div>
      </div>
    );
  }

  const { entry, reason } = result;
  const who =
    entry.position === null
      ? describeRecordOnly(entry, records)
      : `Entry ${entry.position} (${describeEntry(entry, records)})`;
  return (
    <div className="notice notice--warning integrity integrity--broken" role="alert">
      <WarningIcon size={24} />
      <div>
        <h2 className="notice__title">This history could not be verified</h2>
        <p>
          {who} could not be verified in your browser: {reason}. This history may have been changed after it was
          recorded, so please treat it with caution and <Link to="/contact">tell us</Link>.
        </p>
        <p>{howToCheck}</p>
      </div>
    </div>
  );
}

/** A record shown on the page, as the visitor knows it: its service and date. */
function describeShown(record: TPublicServiceRecord): string {
  return `${record.service_type}, ${formatServiceDate(record.service_date)}`;
}

/** An entry for the visitor: what it is, and the service it concerns when that one is shown here. */
function describeEntry(entry: TNamedEntry, records: readonly TPublicServiceRecord[]): string {
  const record = records.find((candidate) => candidate.id === entry.recordId);
  if (entry.kind === 'amendment') return record ? `an amendment of the ${describeShown(record)}` : 'an amendment';
  if (entry.kind === 'withdrawal')
    return record ? `the withdrawal of the ${describeShown(record)}` : 'a withdrawal of a record';
  if (record) return describeShown(record);
  return entry.kind === 'record' ? 'a service record not shown on this page' : 'an entry';
}

function describeRecordOnly(entry: TNamedEntry, records: readonly TPublicServiceRecord[]): string {
  const record = records.find((candidate) => candidate.id === entry.recordId);
  return record ? `The ${describeShown(record)} shown here` : 'This history';
}
