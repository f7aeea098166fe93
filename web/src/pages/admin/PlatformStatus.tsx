import { useState } from 'react';
import {
  DISPLAY_LOCALE,
  SERVICE_TIME_ZONE,
  type TAdminStatus,
  type TDeadEvent,
  type TStatusCheck,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { fetchAdminStatus, retryDeadEvent } from '../../api/admin';
import { FormAlert } from '../../components/FormAlert';
import { Spinner } from '../../components/Spinner';
import { messageOf } from '../../lib/error-message';
import { formatTimestampInUk } from '../../lib/format';
import { usePolledData } from '../../lib/use-polled-data';
import { ActionNotice, useActionNotice } from './ActionNotice';
import { AdminTable } from './AdminTable';

/** How often the overview asks for the platform's status again. */
export const STATUS_REFRESH_MS = 15_000;

const clockInUk = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: SERVICE_TIME_ZONE,
});

function formatClock(isoTimestamp: string): string {
  const time = Date.parse(isoTimestamp);
  return Number.isNaN(time) ? isoTimestamp : clockInUk.format(new Date(time));
}

/**
 * The platform's live status on the overview (docs/product.md#admin-dashboard; live, not a fixed "All systems operational"): the
 * summary line, each service's readiness, Postgres and Redis with what is wrong in plain words, every event
 * queue's waiting, running, delayed and failed jobs, and the failed (dead) events, each with Retry. Asked for
 * again every 15 seconds and on Refresh; the last answer stays shown while the next is on its way.
 */
export function PlatformStatus({ refreshMs = STATUS_REFRESH_MS }: { refreshMs?: number }) {
  const status = usePolledData((signal) => fetchAdminStatus({ signal }), refreshMs);
  const data = status.data;

  return (
    <section className="card admin-status" aria-labelledby="admin-status-title" aria-busy={status.isRefreshing}>
      <div className="admin-section__header">
        <h2 id="admin-status-title">Platform status</h2>
        <button type="button" className="button button--ghost button--small" onClick={status.refresh}>
          {status.isRefreshing ? 'Checking…' : 'Refresh'}
        </button>
      </div>
      {status.error ? (
        <FormAlert tone="error">
          {`We could not check the platform’s status: ${messageOf(status.error)}`}
          {data ? ` Shown below is the check of ${formatClock(data.checkedAt)}.` : ''}
        </FormAlert>
      ) : null}
      {!data && !status.error ? <Spinner label="Checking the platform…" /> : null}
      {data ? <StatusDetails status={data} onRetried={status.refresh} /> : null}
    </section>
  );
}

function StatusDetails({ status, onRetried }: { status: TAdminStatus; onRetried: () => void }) {
  return (
    <>
      <p className={`admin-status__summary admin-status__summary--${status.ok ? 'ok' : 'down'}`} role="status">
        {status.summary}
      </p>
      <p className="admin-status__checked">
        Checked at <time dateTime={status.checkedAt}>{formatClock(status.checkedAt)}</time>
      </p>
      <ul className="admin-checks" aria-label="Checks">
        {status.checks.map((check) => (
          <CheckLine key={check.name} check={check} />
        ))}
      </ul>
      <QueuesTable queues={status.queues} />
      <DeadEvents events={status.deadEvents} onRetried={onRetried} />
    </>
  );
}

function CheckLine({ check }: { check: TStatusCheck }) {
  return (
    <li className={`admin-check admin-check--${check.ok ? 'ok' : 'down'}`}>
      <span className={`status-badge status-badge--${check.ok ? 'success' : 'danger'}`}>
        {check.ok ? 'OK' : 'Down'}
      </span>
      <span className="admin-check__name">{check.name}</span>
      {check.detail ? <span className="admin-check__detail">{check.detail}</span> : null}
    </li>
  );
}

function QueuesTable({ queues }: { queues: TAdminStatus['queues'] }) {
  return (
    <AdminTable
      label="Event queues"
      caption="Event queues"
      columns={['Service', 'Waiting', 'Running', 'Delayed', 'Failed']}
      className="admin-table--numbers"
      isCaptionShown
    >
      {queues.map((queue) => (
        <tr key={queue.service} className={queue.failed > 0 ? 'admin-table__row--alert' : undefined}>
          <th scope="row">{queue.service}</th>
          <td>{queue.waiting}</td>
          <td>{queue.active}</td>
          <td>{queue.delayed}</td>
          <td>{queue.failed}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** The events a consumer gave up on, each with Retry; a retry's failure is said above the list. */
function DeadEvents({ events, onRetried }: { events: readonly TDeadEvent[]; onRetried: () => void }) {
  const [retrying, setRetrying] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { notice, say } = useActionNotice();

  async function retry(event: TDeadEvent) {
    if (retrying) return;
    setRetrying(`${event.service}/${event.id}`);
    setFailure(null);
    try {
      await retryDeadEvent(event.service, event.id);
      // The event leaves the list with the refresh, and its button with it: the notice takes the focus.
      say(ADMIN_ACTION_MESSAGES.eventRetried, true);
      onRetried();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setRetrying(null);
    }
  }

  return (
    <div className="admin-dead-events">
      <h3 className="admin-table__caption">Failed events</h3>
      <ActionNotice notice={notice} />
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      {events.length === 0 ? (
        <p className="admin-empty">No failed events.</p>
      ) : (
        <AdminTable
          label="Failed events"
          caption="Failed events, each retryable"
          columns={['Service', 'Event', 'Why it failed', 'Attempts', 'Failed at', 'Action']}
        >
          {events.map((event) => {
            const key = `${event.service}/${event.id}`;
            return (
              <tr key={key}>
                <td>{event.service}</td>
                <th scope="row">{event.name}</th>
                <td className="admin-table__reason">{event.failedReason}</td>
                <td>{event.attempts}</td>
                <td>
                  <time dateTime={event.failedAt}>{formatTimestampInUk(event.failedAt)}</time>
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--primary button--small"
                    aria-busy={retrying === key}
                    aria-disabled={retrying !== null}
                    aria-label={`Retry ${event.name} for ${event.service}`}
                    onClick={() => void retry(event)}
                  >
                    {retrying === key ? 'Retrying…' : 'Retry'}
                  </button>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </div>
  );
}
