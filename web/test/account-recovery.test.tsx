import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, RESET_REDIRECT_MS } from '@sh/shared/contract';
import { CONFIRM_EMAIL_REDIRECT_MS } from '../src/pages/ConfirmEmailPage';
import { UNDO_LINK_INCOMPLETE } from '../src/pages/UndoEmailChangePage';
import { currentLocation, failure, GARAGE_USER, mockApi, ok, renderApp } from './support';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('ForgotPasswordPage', () => {
  it('asks for the reset, then shows Check Your Email with the 5-minute note, Try Again and Back to Login', async () => {
    const api = mockApi({ 'POST auth/forgot-password': ok({}) });
    renderApp('/forgot-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Owner@HartleyMotors.co.uk ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeTruthy();
    expect(api.callsTo('POST auth/forgot-password')[0]?.body).toEqual({ email: 'owner@hartleymotors.co.uk' });
    expect(screen.getByText(/within 5 minutes/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it("says 'Failed to send reset email. Please try again.' when the call fails", async () => {
    mockApi({ 'POST auth/forgot-password': new TypeError('Failed to fetch') });
    renderApp('/forgot-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@hartleymotors.co.uk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.forgotPassword.failed);
  });
});

describe('ResetPasswordPage', () => {
  it('says the link is invalid when it carries no token', () => {
    mockApi({});
    renderApp('/reset-password');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.resetPassword.invalidLink);
  });

  it('checks the length and the confirmation with the reset messages (no capital letter needed)', () => {
    const api = mockApi({});
    renderApp('/reset-password?token=tok_123');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText(MESSAGES.resetPassword.tooShort)).toBeTruthy();
    expect(screen.getByText(MESSAGES.resetPassword.mismatch)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('resets with the token, shows "Password Reset Successfully!" and Go to Login, and goes to /login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'POST auth/reset-password': ok({}, MESSAGES.resetPassword.success) });
    renderApp('/reset-password?token=tok_123');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newpass' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'newpass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.resetPassword.success })).toBeTruthy();
    expect(api.callsTo('POST auth/reset-password')[0]?.body).toEqual({ token: 'tok_123', password: 'newpass' });
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    await advance(RESET_REDIRECT_MS - 100);
    expect(currentLocation()).toBe('/reset-password?token=tok_123');
    await advance(100);
    expect(currentLocation()).toBe('/login');
  });

  it("shows the server's message for a used or expired link", async () => {
    mockApi({ 'POST auth/reset-password': failure(400, 'validation_failed', MESSAGES.resetPassword.invalidLink) });
    renderApp('/reset-password?token=tok_used');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newpass' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'newpass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.resetPassword.invalidLink);
  });
});

describe('ConfirmEmailPage', () => {
  it("says 'Invalid confirmation link.' without a token", () => {
    const api = mockApi({});
    renderApp('/confirm-email');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.confirmEmail.invalidLink);
    expect(api.calls).toHaveLength(0);
  });

  it('verifies with a spinner, confirms, and goes to /login after about 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'POST users/confirm-email': ok({}, 'Your email has been confirmed') });
    renderApp('/confirm-email?token=conf_ok');
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.confirmEmail.verifying);
    expect(await screen.findByText(MESSAGES.confirmEmail.success)).toBeTruthy();
    expect(api.callsTo('POST users/confirm-email')[0]?.body).toEqual({ token: 'conf_ok' });
    await advance(CONFIRM_EMAIL_REDIRECT_MS);
    expect(currentLocation()).toBe('/login');
  });

  it("shows the server's message for a bad token", async () => {
    mockApi({ 'POST users/confirm-email': failure(400, 'validation_failed', MESSAGES.confirmEmail.invalidOrExpired) });
    renderApp('/confirm-email?token=conf_bad');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.confirmEmail.invalidOrExpired);
  });
});

describe('UndoEmailChangePage', () => {
  it('says the link is incomplete without a token, and asks the server nothing', () => {
    const api = mockApi({});
    renderApp('/undo-email-change');
    expect(screen.getByRole('alert').textContent).toBe(UNDO_LINK_INCOMPLETE);
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(api.calls).toHaveLength(0);
  });

  it("restores the old address with a spinner, then shows the server's message, Go to Login and the way to reset the password", async () => {
    let answer: (() => void) | undefined;
    const api = mockApi({
      'POST users/undo-email-change': () =>
        new Promise((resolve) => {
          answer = () => resolve(ok({ email: GARAGE_USER.email }, MESSAGES.identity.emailChangeUndone));
        }),
    });
    renderApp('/undo-email-change?token=undo_ok');
    expect(screen.getByRole('status').textContent).toBe('Restoring your previous email address…');
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.();

    const result = (await screen.findByText(MESSAGES.identity.emailChangeUndone)).closest<HTMLElement>(
      '[role="status"]',
    )!;
    expect(result).not.toBeNull();
    expect(within(result).getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST users/undo-email-change')).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({ token: 'undo_ok' });
    expect(api.calls[0]?.authorization).toBeNull();
    expect(currentLocation()).toBe('/undo-email-change?token=undo_ok');
  });

  it.each([
    [
      'a bad, used or expired link',
      'undo_used',
      failure(400, 'validation_failed', MESSAGES.identity.emailChangeUndoInvalid),
      MESSAGES.identity.emailChangeUndoInvalid,
    ],
    [
      'an old address that another account took',
      'undo_taken',
      failure(409, 'conflict', MESSAGES.identity.emailChangeUndoConflict),
      MESSAGES.identity.emailChangeUndoConflict,
    ],
    ['no answer', 'undo_offline', new TypeError('Failed to fetch'), MESSAGES.platform.networkFailure],
  ] as const)('shows the error for %s, with Go to Login and Get help', async (_case, token, reply, message) => {
    mockApi({ 'POST users/undo-email-change': reply });
    renderApp(`/undo-email-change?token=${token}`);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Get help' }).getAttribute('href')).toBe('/support');
    expect(screen.queryByRole('link', { name: 'Reset your password' })).toBeNull();
  });
});
