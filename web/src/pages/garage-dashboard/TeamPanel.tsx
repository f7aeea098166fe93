import { useState } from 'react';
import { TEAM_MESSAGES, ZInviteTechnicianRequestSchema, type TTeamMember } from '@sh/shared/contract';
import { fetchGarageTeam, inviteTechnician, removeTeamMember } from '../../api/team';
import { EmailField } from '../../components/EmailField';
import { FormField } from '../../components/FormField';
import { SchemaForm } from '../../components/SchemaForm';
import { messageOf } from '../../lib/error-message';
import { useApiData } from '../../lib/use-api-data';
import { useSchemaForm } from '../../lib/use-schema-form';
import { formatDateHere } from '../../lib/format';

/**
 * The owner's team (docs/product.md#the-garages-team): invite a technician by e-mail, see the technicians and open
 * invitations, remove one. Shown to the garage's owner only, and loaded lazily.
 */
export function TeamPanel() {
  const team = useApiData((signal) => fetchGarageTeam(signal), []);
  const [note, setNote] = useState<string | null>(null);
  const form = useSchemaForm({
    initialValues: { name: '', email: '' },
    schema: ZInviteTechnicianRequestSchema,
    onSubmit: async (request) => {
      await inviteTechnician(request);
      form.reset();
      setNote(TEAM_MESSAGES.invitationSent);
      team.retry();
    },
  });

  const remove = (member: TTeamMember) => {
    setNote(null);
    removeTeamMember(member.id).then(
      () => {
        setNote(TEAM_MESSAGES.technicianRemoved);
        team.retry();
      },
      (error: unknown) => setNote(messageOf(error)),
    );
  };

  return (
    <section className="log-panel team-panel" aria-labelledby="team-panel-title">
      <h2 id="team-panel-title">Team</h2>
      <p className="log-panel__lead">
        Invite your technicians: each signs in with their own password, logs services and sees your records, and the
        records they sign carry their name. They cannot manage billing, the team or your garage&apos;s details.
      </p>
      {note ? <p role="status">{note}</p> : null}
      {team.status === 'failed' ? <p role="status">{messageOf(team.error)}</p> : null}
      {team.status === 'loaded' ? (
        team.data.members.length === 0 ? (
          <p>No technicians yet.</p>
        ) : (
          <ul className="team-panel__list" aria-label="Technicians">
            {team.data.members.map((member) => (
              <li key={member.id} className="team-panel__member">
                <span>
                  <strong>{member.name}</strong> · {member.email} ·{' '}
                  {member.status === 'active'
                    ? `joined ${formatDateHere(member.since)}`
                    : `invited, link valid until ${formatDateHere(member.expiresAt ?? member.since)}`}
                </span>
                <button type="button" className="button button--ghost" onClick={() => remove(member)}>
                  {member.status === 'active' ? `Remove ${member.name}` : `Withdraw invitation to ${member.name}`}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <SchemaForm form={form} label="Invite a technician" submitLabel="Send invitation" layout="card">
        <FormField label="Technician's name" autoComplete="off" aria-required="true" {...form.bindField('name')} />
        <EmailField label="Technician's email" aria-required="true" {...form.bindField('email')} />
      </SchemaForm>
    </section>
  );
}
