import type { TAdminGarage } from '@sh/shared/contract';
import { formatInstantDateInUk } from '../../lib/format';
import { subscriptionStatusLabel, subscriptionStatusTone } from '../../lib/subscription';
import { AdminTable } from './AdminTable';
import { RowActionButton } from './RowActionButton';

/**
 * Who referred a garage (docs/product.md#admin-dashboard): the referring garage's name, else Unknown (it referred
 * this one but is gone), else a dash (nobody referred it).
 */
export function describeReferrer(referredBy: TAdminGarage['referred_by']): string {
  if (referredBy === null) return '—';
  return referredBy.name ?? 'Unknown';
}

/**
 * The garages table of /admin with the columns of docs/product.md#admin-dashboard: garage (name, address), contact (e-mail, phone), status
 * badge (the subscription's, and Suspended), joined date, referral code and referred by; then Suspend or
 * Reinstate, and, for a garage whose e-mail was never confirmed and that still holds a company number, Release
 * company number. It scrolls sideways inside its frame on a narrow screen.
 */
export function GaragesTable({
  garages,
  caption,
  onSuspend,
  onReinstate,
  onReleaseCompany,
}: {
  garages: readonly TAdminGarage[];
  caption: string;
  onSuspend: (garage: TAdminGarage) => void;
  onReinstate: (garage: TAdminGarage) => void;
  onReleaseCompany: (garage: TAdminGarage) => void;
}) {
  return (
    <AdminTable
      label={caption}
      caption={caption}
      columns={['Garage', 'Contact', 'Status', 'Joined', 'Referral code', 'Referred by', 'Actions']}
    >
      {garages.map((garage) => (
        <tr key={garage.id}>
          <th scope="row">
            <span className="admin-table__name">{garage.name}</span>
            <span className="admin-table__sub">{garage.address}</span>
          </th>
          <td>
            <a href={`mailto:${garage.email}`}>{garage.email}</a>
            <span className="admin-table__sub">{garage.phone}</span>
          </td>
          <td>
            <span className="admin-badges">
              <span className={`status-badge status-badge--${subscriptionStatusTone(garage.subscription_status)}`}>
                {subscriptionStatusLabel(garage.subscription_status)}
              </span>
              {garage.suspension ? <span className="status-badge status-badge--danger">Suspended</span> : null}
              {garage.email_confirmed ? null : (
                <span className="status-badge status-badge--neutral">Email unconfirmed</span>
              )}
            </span>
            {garage.suspension ? <span className="admin-table__sub">{garage.suspension.reason}</span> : null}
          </td>
          <td>
            <time dateTime={garage.joined_at}>{formatInstantDateInUk(garage.joined_at)}</time>
          </td>
          <td>
            <code>{garage.referral_code}</code>
          </td>
          <td>{describeReferrer(garage.referred_by)}</td>
          <td>
            <span className="admin-row-actions">
              {garage.suspension ? (
                <RowActionButton label={`Reinstate ${garage.name}`} onClick={() => onReinstate(garage)}>
                  Reinstate
                </RowActionButton>
              ) : (
                <RowActionButton label={`Suspend ${garage.name}`} isDanger onClick={() => onSuspend(garage)}>
                  Suspend
                </RowActionButton>
              )}
              {!garage.email_confirmed && garage.companies_house_number ? (
                <RowActionButton
                  label={`Release company number of ${garage.name}`}
                  onClick={() => onReleaseCompany(garage)}
                >
                  Release company number
                </RowActionButton>
              ) : null}
            </span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
