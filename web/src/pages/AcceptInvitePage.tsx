import { Link, useSearchParams } from 'react-router-dom';
import { TEAM_MESSAGES, ZAcceptInvitationRequestSchema } from '@sh/shared/contract';
import { acceptInvitation } from '../api/team';
import { AuthShell } from '../components/AuthShell';
import { PasswordField } from '../components/PasswordField';
import { ResultPanel } from '../components/ResultPanel';
import { SchemaForm } from '../components/SchemaForm';
import { useDocumentTitle } from '../lib/use-document-title';
import { useSchemaForm } from '../lib/use-schema-form';

/**
 * /accept-invite?token=: a technician accepts their garage's invitation (docs/product.md#the-garages-team) by choosing
 * a password, then logs in.
 */
export function AcceptInvitePage() {
  useDocumentTitle('Join your garage');
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  const form = useSchemaForm({
    initialValues: { password: '' },
    schema: ZAcceptInvitationRequestSchema,
    toInput: (values) => ({ token, ...values }),
    onSubmit: async (request) => acceptInvitation(request),
  });

  if (!token) {
    return (
      <AuthShell eyebrow="Your garage's team" title="Join your garage">
        <ResultPanel tone="error" lead={TEAM_MESSAGES.invitationInvalid} />
      </AuthShell>
    );
  }
  if (form.status === 'submitted') {
    return (
      <AuthShell eyebrow="Your garage's team" title="You have joined your garage">
        <ResultPanel
          tone="success"
          lead={TEAM_MESSAGES.invitationAccepted}
          actions={
            <Link to="/login" className="button button--primary">
              Go to Login
            </Link>
          }
        >
          {form.result ? <p>Your login is {form.result.email}.</p> : null}
        </ResultPanel>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      eyebrow="Your garage's team"
      title="Join your garage"
      lead="Choose your password: at least 6 characters, with one uppercase letter."
    >
      <SchemaForm form={form} label="Choose your password" submitLabel="Join the garage">
        <PasswordField label="Password" isNew aria-required="true" {...form.bindField('password')} />
      </SchemaForm>
    </AuthShell>
  );
}
