import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  SERVICE_CATEGORIES,
  type TGarageServiceRecord,
  type TReceipt,
  PAST_DUE_MESSAGES,
} from '@sh/shared/contract';
import { formatTodayInUk } from '../src/lib/format';
import { sendBrowserTo } from '../src/lib/browser-location';
import {
  buildSubscription,
  currentLocation,
  failure,
  GARAGE_USER,
  mockApi,
  ok,
  pending,
  renderApp,
  storeSession,
  type TApiReply,
  type TApiRoute,
} from './support';

vi.mock('../src/lib/browser-location', () => ({
  sendBrowserTo: vi.fn(),
  siteOrigin: () => 'https://wrenchmark.example',
}));

const PORTAL_URL = 'https://billing.stripe.example/p/session/bps_test_9z8y';

const REGISTRATION = 'AB12CDE';
const VIN = 'WVWZZZ1KZAW000001';
const OTHER_VIN = 'WF0XXXGCDX1234567';

const RECEIPT: TReceipt = {
  hash: 'a'.repeat(64),
  prev_hash: null,
  position: 1,
  registration: REGISTRATION,
  signed_at: '2025-06-03T10:00:00.000Z',
  signature: 'c2lnbmF0dXJl',
  key_id: '4f1e2d3c4b5a6978',
  leaf_index: 0,
};

const CREATED_RECORD: TGarageServiceRecord = {
  id: '3f1c9a52-8d4e-4b7a-9c2e-1a2b3c4d5e6f',
  garage_id: GARAGE_USER.id,
  vin: VIN,
  vehicle_registration: REGISTRATION,
  service_date: '2025-06-03',
  mileage: 52000,
  service_type: 'Full Service',
  notes: null,
  technician_name: null,
  created_at: '2025-06-03T10:00:00.000Z',
  mileage_anomaly: false,
  garage: { name: 'Hartley Motors', address: '4 Mill Lane, Leeds LS1 4AB' },
  amendments: [],
  customer_email: null,
  customer_phone: null,
  signed_by: 'Jo Hartley',
  receipt: RECEIPT,
};

const CREATED = { status: 201, body: { status: 201, data: { serviceRecord: CREATED_RECORD, receipt: RECEIPT } } };

function vinFound(lastMileage: number | null = 45210): TApiReply {
  return ok({ vin: VIN, registration: REGISTRATION, lastMileage, lastServiceDate: '2025-03-14' });
}

function vehicleValid(warnings: unknown[] = [], lastMileage: number | null = 45210): TApiReply {
  return ok({ valid: true, vin: VIN, vehicleRegistration: REGISTRATION, lastMileage, warnings });
}

/** The dashboard's calls after a successful submit. */
const DASHBOARD_ROUTES: Record<string, TApiRoute> = {
  'GET garages/me': pending,
  'GET auth/me': pending,
  'GET service-records/mine': ok({ serviceRecords: [CREATED_RECORD], nextCursor: null }),
  'GET reminders/garage': pending,
  'GET garage-team': pending,
  'GET api-keys': pending,
};

async function openWizard(routes: Record<string, TApiRoute> = {}) {
  const api = mockApi({
    'GET billing/subscription': ok(buildSubscription({ subscription_status: 'active' })),
    [`GET service-records/vin/${REGISTRATION}`]: vinFound(),
    'POST service-records/validate': vehicleValid(),
    ...routes,
  });
  storeSession(GARAGE_USER, 'garage');
  renderApp('/add-service');
  await screen.findByLabelText('Registration number');
  return api;
}

function typeInto(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function clickButton(name: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
}

function currentStep(): string {
  return document.querySelector('[aria-current="step"]')?.textContent ?? '';
}

async function reachVehicleStep(registration = 'ab12 cde') {
  typeInto('Registration number', registration);
  clickButton('Continue');
  await screen.findByLabelText('VIN');
}

async function reachChecklistStep(mileage = '52000') {
  typeInto('Mileage', mileage);
  clickButton('Continue');
  await screen.findByRole('heading', { name: 'What was done?' });
}

function tick(category: string, item: string) {
  const trigger = screen.getByRole('button', {
    name: new RegExp(`^${category.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
  if (trigger.getAttribute('aria-expanded') === 'false') fireEvent.click(trigger);
  fireEvent.click(screen.getByLabelText(item));
}

async function openSubmitDialog() {
  tick('General Maintenance & Repairs', 'Full Service');
  // As a click or Enter would, the button has the focus when it opens the dialog.
  const submit = screen.getByRole('button', { name: 'Submit' });
  submit.focus();
  fireEvent.click(submit);
  return screen.findByRole('dialog');
}

function signAndSubmit(dialog: HTMLElement, fullName = 'Jo Hartley', password = 'Sparkplug1') {
  fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: fullName } });
  fireEvent.change(within(dialog).getByLabelText('Account password'), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Submit record' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AddServicePage', () => {
  it.each(['inactive', 'canceled'] as const)(
    'asks a %s garage to subscribe, linking to the subscription-required page',
    async (status) => {
      const api = mockApi({ 'GET billing/subscription': ok(buildSubscription({ subscription_status: status })) });
      storeSession(GARAGE_USER, 'garage');
      renderApp('/add-service');
      expect(await screen.findByRole('heading', { name: 'Subscribe to Add Records' })).toBeTruthy();
      expect(screen.getByText(MESSAGES.records.subscriptionRequired)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'See the plan' }).getAttribute('href')).toBe('/subscription');
      expect(screen.queryByLabelText('Registration number')).toBeNull();
      expect(api.calls.map((call) => call.path)).toEqual(['billing/subscription']);
    },
  );

  it('sends a garage whose payment failed to the billing portal, not to a new subscription', async () => {
    const api = mockApi({
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'past_due', customer_id: 'cus_1' })),
      'POST billing/portal': ok({ url: PORTAL_URL }),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/add-service');
    expect(await screen.findByText(PAST_DUE_MESSAGES.pastDueNotice)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See the plan' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update payment details' }));
    await vi.waitFor(() => expect(sendBrowserTo).toHaveBeenCalledWith(PORTAL_URL));
    expect(api.calls.map((call) => call.path)).toEqual(['billing/subscription', 'billing/portal']);
    expect(screen.queryByLabelText('Registration number')).toBeNull();
  });

  it('upper-cases the registration as typed and refuses one that is not a UK registration without calling the API', async () => {
    const api = await openWizard();
    expect(currentStep()).toContain('Registration');
    typeInto('Registration number', 'ab12 cde');
    expect((screen.getByLabelText('Registration number') as HTMLInputElement).value).toBe('AB12 CDE');

    typeInto('Registration number', 'hello world');
    clickButton('Continue');
    expect(await screen.findByText(MESSAGES.records.registrationInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Registration number'));
    expect(api.callsTo(`GET service-records/vin/${REGISTRATION}`)).toHaveLength(0);
    expect(currentStep()).toContain('Registration');
  });

  it('looks the VIN up ("Looking up vehicle..."), then shows it, the locked date of today and the last mileage', async () => {
    let answer: (() => void) | undefined;
    const api = await openWizard({
      [`GET service-records/vin/${REGISTRATION}`]: () =>
        new Promise((resolve) => {
          answer = () => resolve(vinFound());
        }),
    });
    typeInto('Registration number', 'ab12 cde');
    clickButton('Continue');
    const busy = await screen.findByRole('button', { name: 'Looking up vehicle...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    answer?.();

    const vin = (await screen.findByLabelText('VIN')) as HTMLInputElement;
    expect(vin.value).toBe(VIN);
    expect(currentStep()).toContain('Vehicle details');
    expect(api.callsTo(`GET service-records/vin/${REGISTRATION}`)[0]?.authorization).toBe('Bearer access-1');
    const date = screen.getByLabelText('Service date') as HTMLInputElement;
    expect(date.readOnly).toBe(true);
    expect(date.value).toBe(formatTodayInUk());
    expect(screen.getByText('Last recorded: 45,210 miles')).toBeTruthy();
    expect(document.activeElement?.textContent).toContain('Vehicle details for');
  });

  it('asks for the VIN when none is on record (404), upper-casing it as typed', async () => {
    const api = await openWizard({
      [`GET service-records/vin/${REGISTRATION}`]: failure(404, 'not_found', MESSAGES.platform.notFound),
      'POST service-records/validate': vehicleValid([], null),
    });
    await reachVehicleStep();
    expect(screen.getByText(MESSAGES.records.vinNotFound)).toBeTruthy();
    const vin = screen.getByLabelText('VIN') as HTMLInputElement;
    expect(vin.value).toBe('');
    expect(screen.queryByText(/Last recorded/)).toBeNull();

    typeInto('Mileage', '1200');
    clickButton('Continue');
    expect(await screen.findByText(MESSAGES.records.vinRequired)).toBeTruthy();
    expect(api.callsTo('POST service-records/validate')).toHaveLength(0);

    typeInto('VIN', 'wvwzzz1kzaw000001');
    expect(vin.value).toBe(VIN);
    clickButton('Continue');
    await screen.findByRole('heading', { name: 'What was done?' });
    expect(api.callsTo('POST service-records/validate')[0]?.body).toEqual({
      vin: VIN,
      vehicleRegistration: REGISTRATION,
    });
  });

  it('keeps everything typed when going Back and forth between the steps', async () => {
    const api = await openWizard();
    await reachVehicleStep();
    typeInto('Mileage', '52000');
    clickButton('Back');
    expect(currentStep()).toContain('Registration');
    expect((screen.getByLabelText('Registration number') as HTMLInputElement).value).toBe('AB12 CDE');

    clickButton('Continue');
    expect(((await screen.findByLabelText('Mileage')) as HTMLInputElement).value).toBe('52000');
    expect(api.callsTo(`GET service-records/vin/${REGISTRATION}`)).toHaveLength(1);

    clickButton('Continue');
    await screen.findByRole('heading', { name: 'What was done?' });
    tick('Brakes & Suspension', 'Brake Fluid Change');
    typeInto('Extra notes', 'Pads at 4 mm.');
    typeInto('Technician name (optional)', 'Sam Patel');
    clickButton('Back');
    expect(((await screen.findByLabelText('Mileage')) as HTMLInputElement).value).toBe('52000');

    clickButton('Continue');
    await screen.findByRole('heading', { name: 'What was done?' });
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect((screen.getByLabelText('Extra notes') as HTMLTextAreaElement).value).toBe('Pads at 4 mm.');
    expect((screen.getByLabelText('Technician name (optional)') as HTMLInputElement).value).toBe('Sam Patel');
    fireEvent.click(screen.getByRole('button', { name: /^Brakes & Suspension/ }));
    expect((screen.getByLabelText('Brake Fluid Change') as HTMLInputElement).checked).toBe(true);
  });

  it('needs an explicit confirmation for a mileage lower than the last recorded one', async () => {
    const api = await openWizard();
    await reachVehicleStep();
    typeInto('Mileage', '45211');
    expect(screen.queryByText(MESSAGES.records.mileageLower)).toBeNull();

    typeInto('Mileage', '30000');
    expect(screen.getByText(MESSAGES.records.mileageLower)).toBeTruthy();
    clickButton('Continue');
    const confirmation = screen.getByLabelText('I confirm the mileage is correct');
    await vi.waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(api.callsTo('POST service-records/validate')).toHaveLength(0);
    expect(currentStep()).toContain('Vehicle details');

    fireEvent.click(confirmation);
    clickButton('Continue');
    await screen.findByRole('heading', { name: 'What was done?' });
    expect(api.callsTo('POST service-records/validate')).toHaveLength(1);
  });

  it('shows a VIN mismatch warning and goes on only once it is confirmed', async () => {
    const warning = { code: 'vin_mismatch', message: MESSAGES.records.vinMismatch, recordedVin: VIN };
    const api = await openWizard({
      'POST service-records/validate': ok({
        valid: true,
        vin: OTHER_VIN,
        vehicleRegistration: REGISTRATION,
        lastMileage: 45210,
        warnings: [warning],
      }),
    });
    await reachVehicleStep();
    typeInto('VIN', OTHER_VIN);
    typeInto('Mileage', '52000');
    clickButton('Continue');

    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.records.vinMismatch);
    expect(screen.getByText(VIN)).toBeTruthy();
    expect(currentStep()).toContain('Vehicle details');

    clickButton('Continue');
    await screen.findByText('Please tick the box to confirm before you continue.');
    expect(currentStep()).toContain('Vehicle details');
    expect(api.callsTo('POST service-records/validate')).toHaveLength(1);

    fireEvent.click(screen.getByLabelText('I confirm this VIN is correct for this vehicle'));
    clickButton('Continue');
    await screen.findByRole('heading', { name: 'What was done?' });
    expect(api.callsTo('POST service-records/validate')[1]?.body).toEqual({
      vin: OTHER_VIN,
      vehicleRegistration: REGISTRATION,
    });
  });

  it('lists the 9 categories collapsed, counts the ticked items and enables Submit once one is ticked', async () => {
    await openWizard();
    await reachVehicleStep();
    await reachChecklistStep();

    for (const category of SERVICE_CATEGORIES) {
      expect(
        screen
          .getByRole('button', { name: new RegExp(`^${category.name.replace(/[()]/g, '\\$&')}`) })
          .getAttribute('aria-expanded'),
      ).toBe('false');
    }
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);

    tick('General Maintenance & Repairs', 'Full Service');
    tick('General Maintenance & Repairs', 'Oil & Filter Change');
    expect(screen.getByRole('button', { name: /^General Maintenance & Repairs/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false);

    typeInto('Extra notes', 'Checked tyres.');
    expect(screen.getByText('Optional. 14 of 2,000 characters used.')).toBeTruthy();
    expect(screen.getByLabelText('Extra notes').getAttribute('maxLength')).toBe('2000');
  });

  it('opens a modal dialog with the focus inside, asks for every field, and closes on Escape', async () => {
    const api = await openWizard();
    await reachVehicleStep();
    await reachChecklistStep();
    const dialog = await openSubmitDialog();

    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('heading', { name: 'Secure submission' })).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Full name'));

    fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: 'Jo Hartley' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit record' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.submit.fillAllFields);
    expect(api.callsTo('POST service-records')).toHaveLength(0);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit' }));
  });

  it('keeps every entry and shows the SPEC message when the password does not match (401)', async () => {
    const api = await openWizard({
      'POST service-records': failure(401, 'password_mismatch', MESSAGES.submit.passwordMismatch),
    });
    await reachVehicleStep();
    await reachChecklistStep();
    typeInto('Customer email (optional)', 'Driver@Example.com');
    const dialog = await openSubmitDialog();
    signAndSubmit(dialog, 'Jo Hartley', 'wrong-password');

    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.submit.passwordMismatch);
    expect((within(dialog).getByLabelText('Full name') as HTMLInputElement).value).toBe('Jo Hartley');
    expect((within(dialog).getByLabelText('Account password') as HTMLInputElement).value).toBe('wrong-password');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Account password'));
    expect(currentLocation()).toBe('/add-service');
    // The 401 answers the password, so the session is not refreshed and the record is not sent twice.
    expect(api.callsTo('POST service-records')).toHaveLength(1);
    expect(api.callsTo('POST service-records')[0]?.body).toEqual({
      vin: VIN,
      vehicle_registration: REGISTRATION,
      mileage: 52000,
      service_type: 'Full Service',
      notes: null,
      technician_name: null,
      customer_email: 'driver@example.com',
      customer_phone: null,
      vehicleCheck: true,
      full_name: 'Jo Hartley',
      password: 'wrong-password',
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Customer email (optional)') as HTMLInputElement).value).toBe('Driver@Example.com');
    expect(screen.getByText('1 selected')).toBeTruthy();
  });

  it('shows "Submitting..." and then the dashboard with the success message', async () => {
    let answer: (() => void) | undefined;
    await openWizard({
      'POST service-records': () =>
        new Promise((resolve) => {
          answer = () => resolve(CREATED);
        }),
      ...DASHBOARD_ROUTES,
    });
    await reachVehicleStep();
    await reachChecklistStep();
    signAndSubmit(await openSubmitDialog());

    expect((await screen.findByRole('button', { name: 'Submitting...' })).hasAttribute('disabled')).toBe(true);
    answer?.();

    await vi.waitFor(() => expect(currentLocation()).toBe('/garage'));
    const success = await screen.findByText(MESSAGES.submit.success);
    expect(success.closest('[role="status"]')).not.toBeNull();
  });

  it('sends the same Idempotency-Key when a failed submit is retried', async () => {
    const api = await openWizard({
      'POST service-records': (_call, count) => (count === 1 ? new TypeError('Failed to fetch') : CREATED),
      ...DASHBOARD_ROUTES,
    });
    await reachVehicleStep();
    await reachChecklistStep();
    const dialog = await openSubmitDialog();
    signAndSubmit(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.submit.failed);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit record' }));
    await vi.waitFor(() => expect(currentLocation()).toBe('/garage'));

    const keys = api.callsTo('POST service-records').map((call) => call.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("shows the server's email_not_confirmed message in the dialog, keeps every entry, and resends the confirmation link", async () => {
    const api = await openWizard({
      'POST service-records': failure(403, 'email_not_confirmed', MESSAGES.platform.emailNotConfirmed),
      'POST users/resend-confirmation': ok({ emailConfirmed: false }, MESSAGES.identity.confirmationSent),
    });
    await reachVehicleStep();
    await reachChecklistStep();
    const dialog = await openSubmitDialog();
    signAndSubmit(dialog);

    const announced = await within(dialog).findByRole('alert');
    expect(within(announced).getByRole('heading', { name: 'Please confirm your email address' })).toBeTruthy();
    expect(within(announced).getByText(MESSAGES.platform.emailNotConfirmed)).toBeTruthy();
    expect((within(dialog).getByLabelText('Full name') as HTMLInputElement).value).toBe('Jo Hartley');
    expect((within(dialog).getByLabelText('Account password') as HTMLInputElement).value).toBe('Sparkplug1');
    expect(api.callsTo('POST service-records')).toHaveLength(1);
    expect(currentLocation()).toBe('/add-service');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend confirmation email' }));
    expect(await within(dialog).findByText(MESSAGES.identity.confirmationSent)).toBeTruthy();
    expect(api.callsTo('POST users/resend-confirmation')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
