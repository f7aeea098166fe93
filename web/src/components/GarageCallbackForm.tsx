import { BEST_TIMES, ZCallbackRequestSchema, CONTACT_MESSAGES } from '@sh/shared/contract';
import { requestGarageCallback } from '../api/contact';
import { useSchemaForm } from '../lib/use-schema-form';
import { FormField } from './FormField';
import { PhoneField } from './PhoneField';
import { RadioGroupField } from './RadioGroupField';
import { ResultPanel } from './ResultPanel';
import { SchemaForm } from './SchemaForm';
import { TextAreaField } from './TextAreaField';

type TBestTime = (typeof BEST_TIMES)[number];

const BEST_TIME_LABELS: Readonly<Record<TBestTime, string>> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};
const BEST_TIME_OPTIONS = BEST_TIMES.map((value) => ({ value, label: BEST_TIME_LABELS[value] }));

/** The form's fields in the order they appear, named as the API names them (best_time is '' until one is chosen). */
const EMPTY_VALUES = { full_name: '', garage_name: '', phone: '', best_time: '' as TBestTime | '', message: '' };

/**
 * The "Add My Garage" callback form (docs/product.md#contact-and-callback): full name, garage name, phone, the best
 * time to call and an optional message, checked with the server's schema ('Please provide your full name and
 * garage name' once, under the first of the two that is missing), then POST contact/garage. The API client
 * sends the bearer token when someone is signed in, so the request records who asked.
 */
export function GarageCallbackForm({ titleId }: { titleId: string }) {
  const form = useSchemaForm({
    initialValues: EMPTY_VALUES,
    schema: ZCallbackRequestSchema,
    failureMessage: () => CONTACT_MESSAGES.callback.failed,
    onSubmit: async (request) => {
      await requestGarageCallback(request);
    },
  });

  if (form.status === 'submitted') {
    return (
      <ResultPanel tone="success" lead={CONTACT_MESSAGES.callback.success}>
        <p>
          We will call you on <strong>{form.values.phone}</strong>.
        </p>
      </ResultPanel>
    );
  }

  return (
    <SchemaForm form={form} labelledBy={titleId} submitLabel="Add My Garage">
      <div className="form__grid">
        <FormField label="Full name" autoComplete="name" aria-required="true" {...form.bindField('full_name')} />
        <FormField
          label="Garage name"
          autoComplete="organization"
          aria-required="true"
          {...form.bindField('garage_name')}
        />
        <div className="form__wide">
          <PhoneField
            aria-required="true"
            {...form.bindField('phone')}
            onPhoneChange={(digits) => form.setValue('phone', digits)}
          />
        </div>
        <div className="form__wide">
          <RadioGroupField<TBestTime>
            legend="Best time to call"
            name="best_time"
            options={BEST_TIME_OPTIONS}
            value={form.values.best_time}
            error={form.errors.best_time}
            isRequired
            firstOptionRef={form.register('best_time')}
            onChange={(value) => form.setValue('best_time', value)}
          />
        </div>
        <div className="form__wide">
          <TextAreaField
            label="Message (optional)"
            hint="Anything we should know before we call"
            rows={3}
            {...form.bindField('message')}
          />
        </div>
      </div>
    </SchemaForm>
  );
}
