import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, ZCallbackRequestSchema, CONTACT_MESSAGES } from '@sh/shared/contract';
import { ApiError } from '../src/api/client';
import { FormField } from '../src/components/FormField';
import { SchemaForm } from '../src/components/SchemaForm';
import { ZPasswordChangeFormSchema, ZSignupFormSchema } from '../src/lib/form-schemas';
import { FormRejection, useSchemaForm } from '../src/lib/use-schema-form';
import { ZVehicleStepSchema } from '../src/pages/add-service/wizard-form';

/** A callback-like form whose fields have names of their own, mapped from the API's paths. */
function CallbackForm({ send }: { send: () => Promise<void> }) {
  const form = useSchemaForm({
    initialValues: { fullName: '', garageName: '', phone: '', bestTime: '', message: '' },
    schema: ZCallbackRequestSchema,
    toInput: (values) => ({
      full_name: values.fullName,
      garage_name: values.garageName,
      phone: values.phone,
      best_time: values.bestTime,
      message: values.message,
    }),
    paths: { full_name: 'fullName', garage_name: 'garageName', best_time: 'bestTime' },
    failureMessage: 'Could not send',
    onSubmit: send,
  });
  return (
    <SchemaForm form={form} label="Callback" submitLabel="Send">
      <FormField label="Full name" {...form.bindField('fullName')} />
      <FormField label="Garage name" {...form.bindField('garageName')} />
      <FormField label="Phone" {...form.bindField('phone')} />
      <FormField label="Best time" {...form.bindField('bestTime')} />
    </SchemaForm>
  );
}

function errorOf(label: string): string | null {
  const ids = (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return (
    ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('field-error'))
      ?.textContent ?? null
  );
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
}

describe('useSchemaForm', () => {
  it("maps the schema's issues onto the fields by path, prints a shared message once and focuses the first field", async () => {
    render(<CallbackForm send={async () => {}} />);
    await submit();
    expect(errorOf('Full name')).toBe(CONTACT_MESSAGES.callback.nameRequired);
    expect(errorOf('Garage name')).toBeNull();
    expect(screen.getByLabelText('Garage name').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Best time')).toBe(CONTACT_MESSAGES.callback.bestTimeRequired);
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Jo' } });
    expect(errorOf('Full name')).toBeNull();
    expect(errorOf('Garage name')).toBe(CONTACT_MESSAGES.callback.nameRequired);
  });

  it("shows the server's field errors under their fields and its message above the form, once", async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: MESSAGES.signup.phoneInvalid,
      errors: [
        { path: 'phone', message: MESSAGES.signup.phoneInvalid },
        { path: 'garage_name', message: 'Too long' },
      ],
    });
    render(<CallbackForm send={() => Promise.reject(refusal)} />);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Jo Hartley' } });
    fireEvent.change(screen.getByLabelText('Garage name'), { target: { value: 'Hartley Motors' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01632960123' } });
    fireEvent.change(screen.getByLabelText('Best time'), { target: { value: 'afternoon' } });
    await submit();
    expect(errorOf('Phone')).toBe(MESSAGES.signup.phoneInvalid);
    expect(errorOf('Garage name')).toBe('Too long');
    // The server's message already stands under Phone, so nothing is said above the form.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Garage name'));
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps what a FormRejection says, and reports a submit that went through', async () => {
    let outcome: 'refuse' | 'accept' = 'refuse';
    function Login() {
      const form = useSchemaForm({
        initialValues: { email: '' },
        schema: { safeParse: (input: unknown) => ({ success: true as const, data: input as { email: string } }) },
        onSubmit: async () => {
          if (outcome === 'refuse') throw new FormRejection({ email: 'Taken' }, 'Not this one');
          return 'Done';
        },
      });
      return (
        <SchemaForm form={form} label="Login" success={form.result} submitLabel="Send">
          <FormField label="Email" {...form.bindField('email')} />
        </SchemaForm>
      );
    }
    render(<Login />);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Not this one');
    expect(errorOf('Email')).toBe('Taken');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    outcome = 'accept';
    await submit();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Done');
  });
});

describe('the schemas built in web/ from the shared ones', () => {
  function messagesOf(result: {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  }) {
    return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
  }

  it('checks a password change in order: every field, the match, then the length, each for the form as a whole', () => {
    expect(
      messagesOf(
        ZPasswordChangeFormSchema.safeParse({ currentPassword: '', newPassword: 'abc', confirmPassword: 'abd' }),
      ),
    ).toEqual([['', MESSAGES.settings.fillPasswordFields]]);
    expect(
      messagesOf(
        ZPasswordChangeFormSchema.safeParse({ currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abd' }),
      ),
    ).toEqual([['', MESSAGES.settings.newPasswordsMismatch]]);
    expect(
      messagesOf(
        ZPasswordChangeFormSchema.safeParse({ currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abc' }),
      ),
    ).toEqual([['password', MESSAGES.settings.newPasswordTooShort]]);
    expect(
      ZPasswordChangeFormSchema.safeParse({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdef' })
        .data,
    ).toEqual({
      currentPassword: 'old',
      password: 'abcdef',
    });
  });

  it("reports the signup page's own rules beside the shared schema's, and sends only the request", () => {
    const typed = {
      name: 'Hartley Motors',
      phone: '01632960123',
      companies_house_number: '1234567',
      address: '4 Mill Lane',
      full_name: 'Jo Hartley',
      email: 'Owner@Example.com',
      password: 'abc',
      confirm_password: 'abd',
      referral_code: 'GAR-AB12CD34',
      is_referral_validated: false,
    };
    expect(messagesOf(ZSignupFormSchema.safeParse(typed))).toEqual([
      ['password', MESSAGES.signup.passwordTooShort],
      ['companies_house_number', MESSAGES.signup.companyNotValidated],
      ['', MESSAGES.signup.validateCompanyFirst],
      ['confirm_password', MESSAGES.signup.passwordsDoNotMatch],
      ['referral_code', MESSAGES.signup.referralNotValidated],
    ]);
    const valid = {
      ...typed,
      password: 'Sparkplug1',
      confirm_password: 'Sparkplug1',
      is_referral_validated: true,
      company_verification_token: 'proof',
    };
    expect(ZSignupFormSchema.safeParse(valid).data).toEqual({
      name: 'Hartley Motors',
      phone: '01632960123',
      companies_house_number: '01234567',
      address: '4 Mill Lane',
      full_name: 'Jo Hartley',
      email: 'owner@example.com',
      password: 'Sparkplug1',
      referral_code: 'GAR-AB12CD34',
      company_verification_token: 'proof',
    });
  });

  it('asks for the confirmations of the vehicle step only once the VIN and the mileage pass', () => {
    const step = {
      vin: 'WVWZZZ1KZAW000001',
      mileage: 30000,
      lowerMileageConfirmation: false,
      vinMismatchConfirmation: false,
      lastMileage: 45210,
      warnedVin: null,
    };
    expect(messagesOf(ZVehicleStepSchema.safeParse({ ...step, vin: 'short' }))).toEqual([
      ['vin', MESSAGES.records.vinInvalid],
    ]);
    expect(messagesOf(ZVehicleStepSchema.safeParse(step))).toEqual([
      ['lowerMileageConfirmation', MESSAGES.records.confirmToContinue],
    ]);
    const warned = { ...step, lowerMileageConfirmation: true, warnedVin: step.vin };
    expect(messagesOf(ZVehicleStepSchema.safeParse(warned))).toEqual([
      ['vinMismatchConfirmation', MESSAGES.records.confirmToContinue],
    ]);
    expect(ZVehicleStepSchema.safeParse({ ...warned, vinMismatchConfirmation: true }).success).toBe(true);
  });
});
