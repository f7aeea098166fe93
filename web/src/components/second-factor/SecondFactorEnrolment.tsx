import '../../styles/second-factor.css';
import { useState } from 'react';
import {
  MESSAGES,
  ZConfirmSecondFactorEnrolmentRequestSchema,
  type TConfirmSecondFactorEnrolmentResponse,
} from '@sh/shared/contract';
import type { TApiClient } from '../../api/client';
import { confirmSecondFactorEnrolment, startSecondFactorEnrolment } from '../../api/second-factor';
import { messageOf } from '../../lib/error-message';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormAlert } from '../FormAlert';
import { SchemaForm } from '../SchemaForm';
import { SecondFactorCodeField } from './SecondFactorCodeField';

type TStarted = { secret: string; qrCode: string };

/** The secret in groups of four, easier to type into an app. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Setting up two-step verification: on the user's word a new secret is made (server-side), shown as a QR code and as
 * text for those who cannot scan; a code from the app then turns it on, and `onEnabled` gets the recovery codes
 * (and, for an admin sent here at sign-in, the session). `client` carries that admin's enrolment-only token.
 */
export default function SecondFactorEnrolment({
  client,
  onEnabled,
}: {
  client?: TApiClient;
  onEnabled: (answer: TConfirmSecondFactorEnrolmentResponse) => void;
}) {
  const [started, setStarted] = useState<TStarted | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const form = useSchemaForm({
    initialValues: { code: '' },
    schema: ZConfirmSecondFactorEnrolmentRequestSchema,
    onSubmit: async ({ code }) => onEnabled(await confirmSecondFactorEnrolment(code, client)),
  });

  const start = async () => {
    setIsStarting(true);
    setStartError(null);
    try {
      setStarted(await startSecondFactorEnrolment(client));
    } catch (error) {
      setStartError(messageOf(error));
    } finally {
      setIsStarting(false);
    }
  };

  if (!started) {
    return (
      <div className="second-factor-start">
        {startError ? <FormAlert tone="error">{startError}</FormAlert> : null}
        <button type="button" className="button button--primary" onClick={() => void start()} disabled={isStarting}>
          {isStarting ? 'Setting up...' : 'Set up two-step verification'}
        </button>
      </div>
    );
  }

  return (
    <div className="second-factor-enrolment">
      <ol className="second-factor-enrolment__steps">
        <li>
          <p>
            Open an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password)
            and scan this QR code.
          </p>
          <img
            className="second-factor-enrolment__qr"
            src={started.qrCode}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
          />
        </li>
        <li>
          <p id="second-factor-key-label">Can&apos;t scan it? Enter this setup key in the app instead:</p>
          <p>
            <code
              className="second-factor-enrolment__key"
              aria-labelledby="second-factor-key-label"
              data-secret={started.secret}
            >
              {groupedSecret(started.secret)}
            </code>
          </p>
        </li>
        <li>
          <p>{MESSAGES.secondFactor.codeRequired}, then choose Turn on.</p>
          <SchemaForm
            form={form}
            label="Confirm two-step verification"
            layout="card"
            submitLabel={form.isSubmitting ? 'Checking...' : 'Turn on'}
          >
            <SecondFactorCodeField {...form.bindField('code')} />
          </SchemaForm>
        </li>
      </ol>
    </div>
  );
}
