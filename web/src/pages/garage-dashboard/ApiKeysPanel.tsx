import { useState } from 'react';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_NAMES,
  ZCreateApiKeyRequestSchema,
  type TApiKey,
  type TApiKeyScope,
} from '@sh/shared/contract';
import { createApiKey, fetchApiKeys, revokeApiKey } from '../../api/api-keys';
import { CopyButton } from '../../components/CopyButton';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { RadioGroupField } from '../../components/RadioGroupField';
import { messageOf } from '../../lib/error-message';
import { formatTimestampInUk } from '../../lib/format';
import { useApiData } from '../../lib/use-api-data';
import { useSchemaForm } from '../../lib/use-schema-form';

const SCOPE_OPTIONS = API_KEY_SCOPE_NAMES.map((value) => ({ value, label: API_KEY_MESSAGES.scopeLabels[value] }));

/**
 * The dashboard's API keys panel (docs/product.md#api-keys), for the garage's owner: make a named key for the garage's
 * own systems, choosing what it may do (no choice is made for them; the password asked again; the key shown this once,
 * with a copy button), the list of keys (name, prefix, scope, made, last used, revoked) and revoking one. Loaded lazily.
 */
export function ApiKeysPanel() {
  const keys = useApiData((signal) => fetchApiKeys(signal), []);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const form = useSchemaForm({
    initialValues: { name: '', scope: '' as TApiKeyScope | '', currentPassword: '' },
    schema: ZCreateApiKeyRequestSchema,
    onSubmit: async (request) => {
      const made = await createApiKey(request);
      setShown({ name: made.apiKey.name, key: made.key });
      form.reset();
      keys.retry();
    },
  });

  const revoke = (apiKey: TApiKey) => {
    setNote(null);
    revokeApiKey(apiKey.id).then(
      () => {
        setNote(`${API_KEY_MESSAGES.revoked}: ${apiKey.name}`);
        keys.retry();
      },
      (error: unknown) => setNote(messageOf(error)),
    );
  };

  return (
    <section className="log-panel" aria-labelledby="api-keys-panel-title">
      <h2 id="api-keys-panel-title">API keys</h2>
      <p className="log-panel__lead">
        Keys let your garage&rsquo;s own systems log services and, if you allow it, read your records with your
        customers&rsquo; contact details. A key can do nothing else.
      </p>
      {shown ? (
        <div role="status">
          <p>
            <strong>{shown.name}</strong>: {API_KEY_MESSAGES.created}
          </p>
          <p>
            <code>{shown.key}</code> <CopyButton value={shown.key} label="the API key" />
          </p>
          <button type="button" className="button button--ghost button--small" onClick={() => setShown(null)}>
            Done
          </button>
        </div>
      ) : null}
      <form noValidate onSubmit={form.handleSubmit} aria-label="New API key">
        {form.formError ? <FormAlert tone="error">{form.formError}</FormAlert> : null}
        <FormField label="Key name" hint="What the key is for, such as Workshop system" {...form.bindField('name')} />
        <RadioGroupField<TApiKeyScope>
          legend="What the key may do"
          name="scope"
          options={SCOPE_OPTIONS}
          value={form.values.scope}
          error={form.errors.scope}
          isRequired
          firstOptionRef={form.register('scope')}
          onChange={(value) => form.setValue('scope', value)}
        />
        <PasswordField label="Your password" {...form.bindField('currentPassword')} />
        <button type="submit" className="button button--primary" disabled={form.isSubmitting}>
          Create key
        </button>
      </form>
      {keys.status === 'failed' ? <p role="status">{messageOf(keys.error)}</p> : null}
      {keys.status === 'loaded' && keys.data.length === 0 ? <p>No API keys yet.</p> : null}
      {keys.status === 'loaded' && keys.data.length > 0 ? (
        <table className="api-keys-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Prefix</th>
              <th scope="col">May</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">State</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((apiKey) => (
              <tr key={apiKey.id}>
                <td>{apiKey.name}</td>
                <td>
                  <code>{apiKey.prefix}</code>
                </td>
                <td>{API_KEY_MESSAGES.scopeLabels[apiKey.scope]}</td>
                <td>{formatTimestampInUk(apiKey.created_at)}</td>
                <td>{apiKey.last_used_at ? formatTimestampInUk(apiKey.last_used_at) : 'Never'}</td>
                <td>
                  {apiKey.revoked_at ? (
                    `Revoked ${formatTimestampInUk(apiKey.revoked_at)}`
                  ) : (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={`Revoke ${apiKey.name}`}
                      onClick={() => revoke(apiKey)}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {note ? <p role="status">{note}</p> : null}
    </section>
  );
}
