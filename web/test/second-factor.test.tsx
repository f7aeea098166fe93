import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@sh/shared/contract';
import {
  ADMIN_USER,
  currentLocation,
  failure,
  mockApi,
  ok,
  pending,
  renderApp,
  renderAppSignedIn,
  sessionAnswer,
  storeSession,
} from './support';

afterEach(() => {
  vi.unstubAllGlobals();
});

const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `7KQ2-M9XD-4HTR-0C${String(index).padStart(2, '0')}`);

function logIn() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: ADMIN_USER.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Sparkplug1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe("the login's second step", () => {
  it('asks for the code after the password; a wrong one is said under the field and the step stays; the right one goes on', async () => {
    const api = mockApi({
      'POST auth/login': ok({ secondFactorRequired: true, challenge: 'challenge-1' }, MESSAGES.secondFactor.enterCode),
      'POST auth/login/second-factor': (call, count) =>
        count === 1
          ? failure(401, 'second_factor_mismatch', MESSAGES.secondFactor.codeIncorrect, [
              { path: 'code', message: MESSAGES.secondFactor.codeIncorrect },
            ])
          : ok(sessionAnswer(ADMIN_USER, 'admin'), 'Login successful'),
      'GET admin/data': pending,
      'GET admin/status': pending,
    });
    renderApp('/login');
    logIn();
    const code = (await screen.findByLabelText('Authentication code')) as HTMLInputElement;
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(code);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MESSAGES.secondFactor.codeIncorrect)).toBeTruthy();
    expect(currentLocation()).toBe('/login');
    expect(code.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin'));
    expect(api.callsTo('POST auth/login/second-factor').map((call) => call.body)).toEqual([
      { challenge: 'challenge-1', code: '123456' },
      { challenge: 'challenge-1', code: '654321' },
    ]);
  });

  it('requires a code before sending anything, and offers a recovery code instead', async () => {
    const api = mockApi({ 'POST auth/login': ok({ secondFactorRequired: true, challenge: 'challenge-1' }) });
    renderApp('/login');
    logIn();
    await screen.findByLabelText('Authentication code');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MESSAGES.secondFactor.codeRequired)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code').getAttribute('inputmode')).toBe('text');
    expect(api.callsTo('POST auth/login/second-factor')).toHaveLength(0);
  });

  it('sends an admin who must have it to set it up with the enrolment token, shows the recovery codes once, then goes on', async () => {
    const api = mockApi({
      'POST auth/login': ok(
        { secondFactorEnrolmentRequired: true, enrolmentToken: 'enrolment-1' },
        MESSAGES.secondFactor.enrolmentRequired,
      ),
      'POST users/second-factor/enrolment': ok({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/x',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
      'POST users/second-factor/enrolment/confirm': ok(
        { recoveryCodes: RECOVERY_CODES, signedIn: sessionAnswer(ADMIN_USER, 'admin') },
        MESSAGES.secondFactor.enabled,
      ),
      'GET admin/data': pending,
      'GET admin/status': pending,
    });
    renderApp('/login');
    logIn();
    expect(await screen.findByText(MESSAGES.secondFactor.enrolmentRequired)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-step verification' }));
    expect(
      ((await screen.findByRole('img', { name: 'QR code for your authenticator app' })) as HTMLImageElement).src,
    ).toContain('data:image/svg+xml');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('They will not be shown again.')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expect.arrayContaining(RECOVERY_CODES),
    );
    expect(currentLocation()).toBe('/login');
    fireEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes: continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin'));
    for (const call of [
      ...api.callsTo('POST users/second-factor/enrolment'),
      ...api.callsTo('POST users/second-factor/enrolment/confirm'),
    ]) {
      expect(call.authorization).toBe('Bearer enrolment-1');
    }
  });
});

describe("the account page's two-step verification", () => {
  it('shows whether it is on on request, and turns it off with the password and a code', async () => {
    let isEnabled = true;
    const api = mockApi({
      'GET users/second-factor': () => ok({ isEnabled, isRequired: false, recoveryCodesLeft: isEnabled ? 9 : 0 }),
      'DELETE users/second-factor': () => {
        isEnabled = false;
        return ok({}, MESSAGES.secondFactor.disabled);
      },
    });
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/account');
    fireEvent.click(screen.getByRole('button', { name: 'Manage two-step verification' }));
    expect(await screen.findByText('Two-step verification is on. You have 9 unused recovery codes.')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Two-step verification' });
    const [, currentPassword] = screen.getAllByLabelText('Current password');
    expect(section.contains(currentPassword!)).toBe(true);
    fireEvent.change(currentPassword!, { target: { value: 'Sparkplug1' } });
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    expect(await screen.findByText(MESSAGES.secondFactor.disabled)).toBeTruthy();
    expect(api.callsTo('DELETE users/second-factor')[0]?.body).toEqual({
      currentPassword: 'Sparkplug1',
      code: '123456',
    });
    expect(await screen.findByRole('button', { name: 'Set up two-step verification' })).toBeTruthy();
  });
});
