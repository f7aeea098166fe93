import type { TAdminTotals } from '@sh/shared/contract';
import { formatServiceDate, formatWholeNumber } from '../../lib/format';

/**
 * The overview's three cards (docs/product.md#admin-dashboard: garages, service records, active subscriptions) and the latest service
 * date. A figure whose service did not answer (`unavailable` names it) shows a dash, not a misleading 0.
 */
export function SummaryCards({ totals, unavailable }: { totals: TAdminTotals; unavailable: readonly string[] }) {
  const hasGarages = !unavailable.includes('garages');
  const hasRecords = !unavailable.includes('records');
  return (
    <>
      <ul className="admin-cards" aria-label="Totals">
        <SummaryCard label="Total garages" value={hasGarages ? totals.garages : null} />
        <SummaryCard label="Service records" value={hasRecords ? totals.serviceRecords : null} />
        <SummaryCard label="Active subscriptions" value={hasGarages ? totals.activeSubscriptions : null} />
      </ul>
      <p className="admin-latest">
        Latest service date:{' '}
        {!hasRecords ? (
          'not available just now'
        ) : totals.latestServiceDate ? (
          <time dateTime={totals.latestServiceDate}>{formatServiceDate(totals.latestServiceDate)}</time>
        ) : (
          'no services logged yet'
        )}
      </p>
    </>
  );
}

function SummaryCard({ label, value }: { label: string; value: number | null }) {
  return (
    <li className="card admin-card">
      <span className="admin-card__label">{label}</span>
      <span className="admin-card__value">{value === null ? '—' : formatWholeNumber(value)}</span>
    </li>
  );
}
