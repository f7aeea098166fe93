import { Link } from 'react-router-dom';
import { DISPLAY_LOCALE, SERVICE_TIME_ZONE } from '@sh/shared/contract';
import { ShieldCheckIcon, WarningIcon } from '../../components/icons';
import { checkLatestCheckpoint, describeConsistency, formatEntries, type TLogCheck } from '../../lib/log-witness';
import { useApiData, type TApiData } from '../../lib/use-api-data';
import { formatWholeNumber } from '../../lib/format';

const fetchedTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  dateStyle: 'long',
  timeStyle: 'medium',
  timeZone: SERVICE_TIME_ZONE,
});

/**
 * The dashboard's view of the public transparency log (issue 23): its latest checkpoint, checked in this browser
 * against the log's key built into the site, and whether it extends the one this browser saw last (log-witness.ts,
 * shared with the results page). A garage sees that what it logs goes into a log nobody can quietly rewrite.
 * Loaded lazily.
 */
export function LogCheckpointPanel() {
  const check = useApiData((signal) => checkLatestCheckpoint({ signal }), []);

  return (
    <section className="log-panel" aria-labelledby="log-panel-title">
      <h2 id="log-panel-title">The public log</h2>
      <p className="log-panel__lead">
        Every record you log is sealed into a public log that is only ever added to. This browser checks its latest
        checkpoint with the log’s key, built into this site.{' '}
        <Link to="/verify-records">How anyone can check a history</Link>
      </p>
      <LogCheckpointState check={check} />
    </section>
  );
}

function LogCheckpointState({ check }: { check: TApiData<TLogCheck> }) {
  if (check.status === 'failed') {
    return (
      <p className="log-panel__status" role="status">
        Could not check the public log just now.{' '}
        <button type="button" className="button button--ghost button--small" onClick={check.retry}>
          Try again
        </button>
      </p>
    );
  }
  if (check.status !== 'loaded') {
    return (
      <p className="log-panel__status" role="status">
        Checking the public log…
      </p>
    );
  }
  const result = check.data;
  if (result.status === 'none') {
    return (
      <p className="log-panel__status" role="status">
        The log has not signed a checkpoint yet; it signs one within about a minute of a new record.
      </p>
    );
  }
  if (result.status === 'untrusted') {
    return (
      <div className="notice notice--warning" role="alert">
        <WarningIcon size={24} />
        <div>
          <h3 className="notice__title">The log’s latest checkpoint does not verify</h3>
          <p>
            It is not signed with the log’s key built into this site ({result.reason}). Please{' '}
            <Link to="/contact">tell us</Link>.
          </p>
        </div>
      </div>
    );
  }

  const { checkpoint, witness, fetchedAt } = result;
  return (
    <>
      <dl className="log-panel__facts">
        <div>
          <dt>Entries</dt>
          <dd>{formatWholeNumber(checkpoint.size)}</dd>
        </div>
        <div>
          <dt>Root hash</dt>
          <dd>
            <code>{checkpoint.rootHashBase64}</code>
          </dd>
        </div>
        <div>
          <dt>Fetched</dt>
          <dd>{fetchedTime.format(fetchedAt)}</dd>
        </div>
      </dl>
      {witness.status === 'inconsistent' ? (
        <div className="notice notice--warning" role="alert">
          <WarningIcon size={24} />
          <div>
            <h3 className="notice__title">The public log has been rewritten</h3>
            <p>
              This browser saw the log before with {formatEntries(witness.previous.size)} and root hash{' '}
              <code className="integrity__code">{witness.previous.rootHashBase64}</code>. The checkpoint above does not
              contain that one unchanged, which a log that is only ever added to never does. Please{' '}
              <Link to="/contact">tell us</Link>.
            </p>
          </div>
        </div>
      ) : (
        <p className="log-panel__status log-panel__status--verified" role="status">
          <ShieldCheckIcon size={20} />
          <span>
            Signed with the log’s key.{' '}
            {witness.status === 'first'
              ? 'The first checkpoint this browser has seen; on later visits it checks that the log only grew from here.'
              : describeConsistency(witness.previous.size, checkpoint.size)}
          </span>
        </p>
      )}
    </>
  );
}
