import type { TAdminAction, TAdminActionKind } from '@sh/shared/contract';
import { formatTimestampInUk } from '../../lib/format';
import { AdminTable } from './AdminTable';

const ACTION_LABELS: Record<TAdminActionKind, string> = {
  'service_record.amended': 'Amended a service record',
  'service_record.withdrawn': 'Withdrew a service record',
  'service_record.erased': 'Erased personal data from a service record',
  'garage.suspended': 'Suspended a garage',
  'garage.reinstated': 'Reinstated a garage',
  'garage.company_released': 'Released a company number',
  'event.retried': 'Retried a failed event',
  'user.password_set': "Set a user's password",
  'user.email_changed': "Changed a user's email",
  'garage.phone_changed': "Changed a garage's phone",
};

/** How an audited action reads ("Suspended a garage"). */
export function describeAdminAction(action: TAdminActionKind): string {
  return ACTION_LABELS[action];
}

/** The audit of admin actions, newest first: when, who, what, to what, and why. */
export function AdminActionsTable({ actions }: { actions: readonly TAdminAction[] }) {
  if (actions.length === 0) return <p className="admin-empty">No admin actions yet.</p>;
  return (
    <AdminTable
      label="Recent admin actions"
      caption="Recent admin actions, newest first"
      columns={['When', 'Who', 'What', 'Subject', 'Why']}
    >
      {actions.map((action) => (
        <tr key={`${action.service}-${action.id}`}>
          <td>
            <time dateTime={action.at}>{formatTimestampInUk(action.at)}</time>
          </td>
          <td>{action.actor.email}</td>
          <td>{describeAdminAction(action.action)}</td>
          <td>{action.subject.label}</td>
          <td className="admin-table__reason">{action.reason ?? '—'}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
