import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, CONTACT_MESSAGES } from '@sh/shared/contract';
import {
  buildSubscription,
  failure,
  GARAGE_USER,
  mockApi,
  ok,
  renderApp,
  renderAppSignedIn,
  storeSession,
} from './support';

afterEach(() => {
  vi.unstubAllGlobals();
});

const REQUEST_ID = '8c1d4e2f-3a5b-4c6d-8e7f-9a0b1c2d3e4f';
/** /garages asks for the platform's figures (issue 26); these tests are about the form. */
const FIGURES = {
  'GET platform-figures': ok({
    garagesSubscribed: 3,
    servicesLogged: 12,
    vehiclesServiced: 9,
    period: { from: '2025-11-26', to: '2026-11-25' },
    countedAt: '2026-11-25T10:00:00.000Z',
  }),
};
const CREATED = {
  status: 201,
  body: { status: 201, message: CONTACT_MESSAGES.callback.success, data: { id: REQUEST_ID } },
};

/** The "Are you a garage owner?" block of /garages, where the callback form lives. */
function callbackBlock(): HTMLElement {
  return screen.getByRole('region', { name: 'Are you a garage owner?' });
}

function field(label: string): HTMLInputElement | HTMLTextAreaElement {
  return within(callbackBlock()).getByLabelText(label, { exact: true });
}

/** The error printed under a field (or a group): the element its aria-describedby names with the field-error class. */
function errorUnder(element: HTMLElement): string | null {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const error = ids
    .map((id) => document.getElementById(id))
    .find((candidate) => candidate?.classList.contains('field-error'));
  return error?.textContent ?? null;
}

function bestTimeGroup(): HTMLElement {
  return within(callbackBlock()).getByRole('group', { name: 'Best time to call' });
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

function submit() {
  fireEvent.click(within(callbackBlock()).getByRole('button', { name: 'Add My Garage' }));
}

function fillValidForm() {
  type('Full name', ' Jo Hartley ');
  type('Garage name', 'Hartley Motors');
  type('Phone number', '01632 960123');
  fireEvent.click(within(callbackBlock()).getByRole('radio', { name: 'Afternoon' }));
}

describe('the Add My Garage callback form on /garages', () => {
  it('shows the callback messages under their fields and sends nothing', () => {
    const api = mockApi(FIGURES);
    renderApp('/garages');
    expect(within(callbackBlock()).getByRole('heading', { level: 2 }).textContent).toBe('Are you a garage owner?');
    submit();

    expect(errorUnder(field('Full name'))).toBe(CONTACT_MESSAGES.callback.nameRequired);
    expect(field('Garage name').getAttribute('aria-invalid')).toBe('true');
    expect(errorUnder(field('Garage name'))).toBeNull();
    expect(within(callbackBlock()).getAllByText(CONTACT_MESSAGES.callback.nameRequired)).toHaveLength(1);
    expect(errorUnder(field('Phone number'))).toBe(CONTACT_MESSAGES.callback.phoneRequired);
    expect(errorUnder(bestTimeGroup())).toBe(CONTACT_MESSAGES.callback.bestTimeRequired);
    expect(field('Message (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Full name'));
    expect(api.callsTo('POST contact/garage')).toHaveLength(0);

    // With the full name given, the shared message moves to the garage name.
    type('Full name', 'Jo Hartley');
    expect(errorUnder(field('Garage name'))).toBe(CONTACT_MESSAGES.callback.nameRequired);
    fireEvent.click(within(callbackBlock()).getByRole('radio', { name: 'Morning' }));
    expect(errorUnder(bestTimeGroup())).toBeNull();
  });

  it('keeps only the digits of the phone number, at most 11, without a maxLength, and wants 11 starting with 0', () => {
    const api = mockApi(FIGURES);
    renderApp('/garages');
    const phone = field('Phone number') as HTMLInputElement;
    expect(phone.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(phone, { target: { value: '07a1-23 456 78901' } });
    expect(phone.value).toBe('07123456789');

    fillValidForm();
    type('Phone number', '71234567890');
    submit();
    expect(errorUnder(field('Phone number'))).toBe(MESSAGES.signup.phoneInvalid);
    expect(document.activeElement).toBe(phone);

    type('Phone number', '0163');
    submit();
    expect(errorUnder(field('Phone number'))).toBe(MESSAGES.signup.phoneInvalid);
    expect(api.callsTo('POST contact/garage')).toHaveLength(0);
  });

  it('sends the request to POST contact/garage without a token for a visitor, then thanks them', async () => {
    const api = mockApi({ ...FIGURES, 'POST contact/garage': CREATED });
    renderApp('/garages');
    fillValidForm();
    submit();

    const thanks = await within(callbackBlock()).findByText(CONTACT_MESSAGES.callback.success);
    expect(thanks.closest('[role="status"]')).not.toBeNull();
    const [call] = api.callsTo('POST contact/garage');
    expect(call?.body).toEqual({
      full_name: 'Jo Hartley',
      garage_name: 'Hartley Motors',
      phone: '01632960123',
      best_time: 'afternoon',
      message: null,
    });
    expect(call?.authorization).toBeNull();
    expect(within(callbackBlock()).queryByRole('button', { name: 'Add My Garage' })).toBeNull();
  });

  it("sends the signed-in user's bearer token and the optional message", async () => {
    const api = mockApi({
      ...FIGURES,
      'GET billing/subscription': ok(buildSubscription()),
      'POST contact/garage': CREATED,
    });
    storeSession(GARAGE_USER, 'garage');
    await renderAppSignedIn('/garages');
    fillValidForm();
    type('Message (optional)', '  We have two sites.  ');
    submit();

    await within(callbackBlock()).findByText(CONTACT_MESSAGES.callback.success);
    const [call] = api.callsTo('POST contact/garage');
    expect(call?.authorization).toBe('Bearer access-1');
    expect(call?.body).toMatchObject({ best_time: 'afternoon', message: 'We have two sites.' });
  });

  it("says 'Failed to submit your request. Please try again.' when the request fails, and keeps the form", async () => {
    mockApi({
      ...FIGURES,
      'POST contact/garage': (_call, count) =>
        count === 1
          ? new TypeError('Failed to fetch')
          : failure(400, 'validation_failed', MESSAGES.signup.phoneInvalid, [
              { path: 'phone', message: MESSAGES.signup.phoneInvalid },
            ]),
    });
    renderApp('/garages');
    fillValidForm();
    submit();
    expect((await within(callbackBlock()).findByRole('alert')).textContent).toBe(CONTACT_MESSAGES.callback.failed);
    expect(field('Full name').value).toBe(' Jo Hartley ');

    submit();
    expect(await within(callbackBlock()).findByText(MESSAGES.signup.phoneInvalid)).toBeTruthy();
    expect(errorUnder(field('Phone number'))).toBe(MESSAGES.signup.phoneInvalid);
    expect(within(callbackBlock()).getByRole('alert').textContent).toBe(CONTACT_MESSAGES.callback.failed);
  });
});
