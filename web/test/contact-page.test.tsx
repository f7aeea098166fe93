import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_SUBJECTS, MESSAGES, SUPPORT_HOURS, CONTACT_MESSAGES } from '@sh/shared/contract';
import { SUPPORT_EMAIL } from '../src/brand';
import { currentLocation, failure, mockApi, ok, renderApp } from './support';

afterEach(() => {
  vi.unstubAllGlobals();
});

const MESSAGE_ID = '3f0b8f3e-6a4c-4d2b-9e1a-7c5d2b8a9f10';

function field(label: string): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  return screen.getByLabelText(label, { exact: true });
}

/** The error printed under a field: the element its aria-describedby names with the field-error class. */
function errorUnder(label: string): string | null {
  const ids = (field(label).getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const error = ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field-error'));
  return error?.textContent ?? null;
}

function isMarkedInvalid(label: string): boolean {
  return field(label).getAttribute('aria-invalid') === 'true';
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

function send() {
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
}

function fillValidForm() {
  type('Name', '  Sam Taylor ');
  type('Email', '  Sam.Taylor@Example.CO.UK ');
  type('Subject', 'billing');
  type('Message', ' When is my card charged? ');
}

describe('ContactPage', () => {
  it('is the page the footer links to, with the support hours and the support e-mail', () => {
    mockApi({});
    renderApp('/contact');
    expect(currentLocation()).toBe('/contact');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Get in touch');
    const aside = screen.getByRole('complementary', { name: 'Other ways to reach us' });
    expect(aside.textContent).toContain(SUPPORT_HOURS);
    expect(within(aside).getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  it('offers the six subjects by their labels, after a "Choose a subject" prompt', () => {
    mockApi({});
    renderApp('/contact');
    const options = within(field('Subject') as HTMLSelectElement).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual(['', ...CONTACT_SUBJECTS]);
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a subject',
      'General enquiry',
      'Registering a garage',
      'Technical support',
      'Billing and subscriptions',
      'Partnerships',
      'Feedback',
    ]);
    expect(options[0]?.disabled).toBe(true);
  });

  it("says 'All fields are required.' once, under the first empty field, marks every empty field and sends nothing", () => {
    const api = mockApi({});
    renderApp('/contact');
    type('Email', '   ');
    send();

    expect(errorUnder('Name')).toBe(CONTACT_MESSAGES.contact.allRequired);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(isMarkedInvalid(label)).toBe(true);
    for (const label of ['Email', 'Subject', 'Message']) expect(errorUnder(label)).toBeNull();
    expect(screen.getAllByText(CONTACT_MESSAGES.contact.allRequired)).toHaveLength(1);
    expect(document.activeElement).toBe(field('Name'));

    // Filling the first field moves the message on to the next empty one.
    type('Name', 'Sam Taylor');
    expect(isMarkedInvalid('Name')).toBe(false);
    expect(errorUnder('Email')).toBe(CONTACT_MESSAGES.contact.allRequired);
    expect(api.calls).toHaveLength(0);
  });

  it("says 'Invalid email format.' under Email when every field is filled but the address is not one", () => {
    const api = mockApi({});
    renderApp('/contact');
    fillValidForm();
    type('Email', 'sam.taylor@example');
    send();
    expect(errorUnder('Email')).toBe(CONTACT_MESSAGES.contact.invalidEmail);
    expect(isMarkedInvalid('Name')).toBe(false);
    expect(document.activeElement).toBe(field('Email'));
    expect(api.calls).toHaveLength(0);
  });

  it('sends the message with the e-mail trimmed and lower-cased, confirms it, and Send Another Message brings back an empty form', async () => {
    const api = mockApi({ 'POST contact': ok({ id: MESSAGE_ID }, CONTACT_MESSAGES.contact.success) });
    renderApp('/contact');
    fillValidForm();
    send();

    const confirmation = await screen.findByText(CONTACT_MESSAGES.contact.success);
    expect(confirmation.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('sam.taylor@example.co.uk').tagName).toBe('STRONG');
    expect(api.callsTo('POST contact')).toHaveLength(1);
    expect(api.callsTo('POST contact')[0]?.body).toEqual({
      name: 'Sam Taylor',
      email: 'sam.taylor@example.co.uk',
      subject: 'billing',
      message: 'When is my card charged?',
    });
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(field(label).value).toBe('');
      expect(isMarkedInvalid(label)).toBe(false);
    }
    expect(document.activeElement).toBe(field('Name'));
    expect(screen.queryByText(CONTACT_MESSAGES.contact.success)).toBeNull();
  });

  it("shows the server's message when it refuses, and its field errors under their fields", async () => {
    mockApi({
      'POST contact': (_call, count) =>
        count === 1
          ? failure(429, 'rate_limited', MESSAGES.platform.rateLimited)
          : failure(400, 'validation_failed', 'Please shorten your message', [
              { path: 'message', message: 'Please shorten your message' },
            ]),
    });
    renderApp('/contact');
    fillValidForm();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.platform.rateLimited);

    send();
    expect(await screen.findByText('Please shorten your message')).toBeTruthy();
    expect(errorUnder('Message')).toBe('Please shorten your message');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Failed to send message.' when the call fails without an answer, and keeps what was typed", async () => {
    mockApi({ 'POST contact': new TypeError('Failed to fetch') });
    renderApp('/contact');
    fillValidForm();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(CONTACT_MESSAGES.contact.failed);
    expect(field('Message').value).toBe(' When is my card charged? ');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
