import {
  companyNameMismatchMessage,
  MESSAGES,
  REFERRAL_CODE_PATTERN,
  ZCheckDuplicatesResponseSchema,
  ZCompanyValidateResponseSchema,
  ZCreateGarageResponseSchema,
  ZErrorEnvelopeSchema,
  ZValidateReferralResponseSchema,
} from '@sh/shared/contract';
import { createTokenVerifier } from '@sh/shared/server';
import { listenForTest, testLogger } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGaragesApp } from '../src/app.js';
import { createCompaniesHouseClient } from '../src/clients/companies-house.js';
import { createIdentityClient } from '../src/clients/identity.js';
import { signCompanyVerification } from '../src/domain/company-verification-token.js';
import {
  buildGarage,
  call,
  COMPANIES,
  countAccounts,
  signupPayload,
  startStack,
  TEST_COMPANY_TOKEN_SECRET,
  type StackWithIdentity,
} from './harness.js';

let stack: StackWithIdentity;

beforeAll(async () => {
  stack = await startStack({ identity: true });
});
afterAll(async () => {
  await stack?.close();
});

function signUp(body: unknown) {
  return call(stack.garagesUrl, 'POST', '/api/v1/garages', { body });
}

describe('POST /api/v1/garages/check-duplicates', () => {
  const check = async (body: unknown) => {
    const answer = await call(stack.garagesUrl, 'POST', '/api/v1/garages/check-duplicates', { body });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('answers whether the company already has a garage, with the shared messages', async () => {
    const garage = await buildGarage(stack);
    expect(ZCheckDuplicatesResponseSchema.parse(await check({ companies_house_number: '00000001' })).data).toEqual({
      hasCompanyDuplicate: false,
      message: MESSAGES.garages.noDuplicates,
    });
    expect(
      ZCheckDuplicatesResponseSchema.parse(await check({ companies_house_number: garage.companyNumber })).data,
    ).toEqual({
      hasCompanyDuplicate: true,
      message: MESSAGES.signup.duplicateCompany,
    });
  });

  it('tells an anonymous caller nothing about whether an e-mail has an account', async () => {
    const garage = await buildGarage(stack);
    const registered = await check({ email: garage.email, companies_house_number: '00000001' });
    const unknown = await check({ email: `nobody.${Date.now()}@new-garage.co.uk`, companies_house_number: '00000001' });
    expect(registered).toEqual(unknown);
    expect(JSON.stringify(registered)).not.toMatch(/email/i);
  });

  it('answers 400 with the message for a missing company number', async () => {
    const noNumber = await call(stack.garagesUrl, 'POST', '/api/v1/garages/check-duplicates', {
      body: { email: 'a@b.co.uk' },
    });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.message).toBe(MESSAGES.signup.companyNumberRequired);
  });
});

describe('POST /api/v1/garages/validate-referral', () => {
  it("answers valid with the referring garage's name for a known code, whatever its case", async () => {
    const referrer = await buildGarage(stack, { name: 'Ashcombe Autos Ltd' });
    const { status, body } = await call(stack.garagesUrl, 'POST', '/api/v1/garages/validate-referral', {
      body: { referralCode: ` ${referrer.referralCode.toLowerCase()} ` },
    });
    expect(status).toBe(200);
    expect(ZValidateReferralResponseSchema.parse(body).data).toEqual({
      valid: true,
      referrerName: 'Ashcombe Autos Ltd',
    });
  });

  it('answers 200 with valid false and "Invalid referral code" for an unknown code', async () => {
    const { status, body } = await call(stack.garagesUrl, 'POST', '/api/v1/garages/validate-referral', {
      body: { referralCode: 'GAR-NOPE2345' },
    });
    expect(status).toBe(200);
    const parsed = ZValidateReferralResponseSchema.parse(body);
    expect(parsed.data).toEqual({ valid: false, referrerName: null });
    expect(parsed.message).toBe(MESSAGES.signup.referralInvalid);
  });

  it('answers 400 "Please enter a referral code" without a code', async () => {
    const { status, body } = await call(stack.garagesUrl, 'POST', '/api/v1/garages/validate-referral', {
      body: { referralCode: '  ' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(MESSAGES.signup.referralRequired);
  });
});

describe('POST /api/v1/garages', () => {
  it('signs a garage up: 201, the identity user (role garage), the garage row and garage.registered in the outbox', async () => {
    const referrer = await buildGarage(stack, { name: 'Ashcombe Autos Ltd' });
    const payload = signupPayload(COMPANIES.bridgend, {
      name: 'Bridgend Auto Repairs',
      email: ' Office@Bridgend-Auto.co.uk ',
      phone: '029 2034 5678',
      referral_code: referrer.referralCode.toLowerCase(),
    });
    const { status, body } = await signUp(payload);
    expect(status).toBe(201);
    const { garage } = ZCreateGarageResponseSchema.parse(body).data;
    expect(garage.name).toBe('Bridgend Auto Repairs');
    expect(garage.referral_code).toMatch(REFERRAL_CODE_PATTERN);

    const users = await stack.identityDb.pool.query('SELECT id, email, role FROM users WHERE id = $1', [garage.id]);
    expect(users.rows).toEqual([{ id: garage.id, email: 'office@bridgend-auto.co.uk', role: 'garage' }]);
    const rows = await stack.garagesDb.pool.query(
      `SELECT name, company_name, companies_house_number, email, phone, full_name, subscription_status, referred_by, referral_code
         FROM garages WHERE id = $1`,
      [garage.id],
    );
    expect(rows.rows[0]).toEqual({
      name: 'Bridgend Auto Repairs',
      company_name: 'BRIDGEND AUTO REPAIRS LTD',
      companies_house_number: COMPANIES.bridgend.number,
      email: 'office@bridgend-auto.co.uk',
      phone: '02920345678',
      full_name: 'Sam Patel',
      subscription_status: 'inactive',
      referred_by: referrer.id,
      referral_code: garage.referral_code,
    });
    const events = await stack.garagesDb.pool.query(
      "SELECT payload FROM event_outbox WHERE name = 'garage.registered'",
    );
    expect(events.rows.map((r) => r.payload)).toContainEqual({
      garageId: garage.id,
      name: 'Bridgend Auto Repairs',
      address: payload.address,
      email: 'office@bridgend-auto.co.uk',
      phone: '02920345678',
      fullName: 'Sam Patel',
      referralCode: garage.referral_code,
      referredBy: referrer.id,
      slug: 'bridgend-auto-repairs',
    });

    const login = await call(stack.identityUrl, 'POST', '/api/v1/auth/login', {
      body: { email: 'office@bridgend-auto.co.uk', password: 'Spanner42' },
    });
    expect(login.status).toBe(200);
    expect((login.body.data as { userType: string }).userType).toBe('garage');
  });

  it('accepts the token of /companies/validate instead of asking Companies House again', async () => {
    const validated = await call(stack.garagesUrl, 'POST', '/api/v1/companies/validate', {
      body: { companyNumber: COMPANIES.kelvinside.number, companyName: 'Kelvinside Garage' },
    });
    const { verificationToken } = ZCompanyValidateResponseSchema.parse(validated.body).data;
    const before = stack.fake.requestCount();
    const { status } = await signUp(
      signupPayload(COMPANIES.kelvinside, { name: 'Kelvinside Garage', company_verification_token: verificationToken }),
    );
    expect(status).toBe(201);
    expect(stack.fake.requestCount()).toBe(before);
  });

  it('checks with Companies House itself when the token is for another company, and refuses the mismatch', async () => {
    const forOther = signCompanyVerification(
      { companyNumber: COMPANIES.hartley.number, registeredName: 'HARTLEY MOTORS LTD' },
      TEST_COMPANY_TOKEN_SECRET,
    );
    const before = await countAccounts(stack);
    const { status, body } = await signUp(
      signupPayload(COMPANIES.hartleyLookAlike, { name: 'Hartley Motors Ltd', company_verification_token: forOther }),
    );
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body)).toEqual({
      status: 400,
      code: 'validation_failed',
      message: MESSAGES.signup.companyNotValidated,
      errors: [{ path: 'name', message: companyNameMismatchMessage('HARTLEY MOTOR SERVICES LIMITED') }],
    });
    expect(await countAccounts(stack)).toEqual(before);
  });

  it.each([
    ['an unknown company', { number: '99999998', name: 'Phantom Motors Ltd' }, MESSAGES.garages.companyNotFound],
    ['a dissolved company', COMPANIES.lavenderDissolved, MESSAGES.garages.companyNotActive],
  ])(
    'refuses %s with "Please validate your company details" and the reason, creating nothing',
    async (_label, company, reason) => {
      const before = await countAccounts(stack);
      const { status, body } = await signUp(signupPayload(company));
      expect(status).toBe(400);
      expect(body).toMatchObject({
        message: MESSAGES.signup.companyNotValidated,
        errors: [{ path: 'companies_house_number', message: reason }],
      });
      expect(await countAccounts(stack)).toEqual(before);
    },
  );

  const valid = () => signupPayload(COMPANIES.welland);
  it.each([
    ['no garage name', { name: '  ' }, MESSAGES.signup.garageNameRequired, 'name'],
    ['no e-mail', { email: '' }, MESSAGES.signup.emailRequired, 'email'],
    ['a malformed e-mail', { email: 'office@welland' }, MESSAGES.signup.emailInvalid, 'email'],
    ['no phone', { phone: '' }, MESSAGES.signup.phoneRequired, 'phone'],
    ['a 10-digit phone', { phone: '0770090012' }, MESSAGES.signup.phoneInvalid, 'phone'],
    ['a phone not starting with 0', { phone: '77009001234' }, MESSAGES.signup.phoneInvalid, 'phone'],
    ['a phone with letters', { phone: '0770090O123' }, MESSAGES.signup.phoneInvalid, 'phone'],
    ['an international phone', { phone: '+447700900123' }, MESSAGES.signup.phoneInvalid, 'phone'],
    [
      'no company number',
      { companies_house_number: '' },
      MESSAGES.signup.companyNumberRequired,
      'companies_house_number',
    ],
    ['no full name', { full_name: '' }, MESSAGES.garages.fullNameRequired, 'full_name'],
    ['no address', { address: ' ' }, MESSAGES.garages.addressRequired, 'address'],
    ['no password', { password: '' }, MESSAGES.signup.passwordRequired, 'password'],
    ['a 5-character password', { password: 'Abcde' }, MESSAGES.signup.passwordTooShort, 'password'],
    [
      'a password without an uppercase letter',
      { password: 'spanner42' },
      MESSAGES.signup.passwordNeedsUppercase,
      'password',
    ],
    [
      'an unknown referral code',
      { referral_code: 'GAR-ZZZZZZZZ' },
      MESSAGES.signup.referralNotValidated,
      'referral_code',
    ],
  ])('answers 400 for %s with the verbatim message and creates nothing', async (_label, override, message, field) => {
    const before = await countAccounts(stack);
    const { status, body } = await signUp({ ...valid(), ...override });
    expect(status).toBe(400);
    const envelope = ZErrorEnvelopeSchema.parse(body);
    expect(envelope).toMatchObject({ status: 400, code: 'validation_failed', message });
    expect(envelope.errors?.[0]).toEqual({ path: field, message });
    expect(await countAccounts(stack)).toEqual(before);
  });

  it("answers 400 for an empty body with the first field's message and a field error for each", async () => {
    const { status, body } = await signUp({});
    expect(status).toBe(400);
    const envelope = ZErrorEnvelopeSchema.parse(body);
    expect(envelope.message).toBe(MESSAGES.signup.garageNameRequired);
    expect(envelope.errors?.map((e) => e.path)).toEqual([
      'name',
      'email',
      'phone',
      'companies_house_number',
      'full_name',
      'address',
      'password',
    ]);
  });

  it('answers 409 with the shared messages for a taken e-mail and a taken company, creating nothing', async () => {
    expect((await signUp(signupPayload(COMPANIES.pennine))).status).toBe(201);
    const before = await countAccounts(stack);

    const sameEmail = await signUp(
      signupPayload(COMPANIES.clent, { email: signupPayload(COMPANIES.pennine).email.toUpperCase() }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({
      status: 409,
      code: 'duplicate_email',
      message: MESSAGES.signup.duplicateEmail,
    });

    const sameCompany = await signUp(signupPayload(COMPANIES.pennine, { email: 'another@pennine-auto.co.uk' }));
    expect(sameCompany.status).toBe(409);
    expect(sameCompany.body).toMatchObject({
      status: 409,
      code: 'duplicate_company',
      message: MESSAGES.signup.duplicateCompany,
    });

    expect(await countAccounts(stack)).toEqual(before);
  });

  it('lets only one of two simultaneous signups for the same company through, leaving no user behind', async () => {
    const before = await countAccounts(stack);
    const responses = await Promise.all([
      signUp(signupPayload(COMPANIES.brunel, { email: 'first@brunel-motors.co.uk' })),
      signUp(signupPayload(COMPANIES.brunel, { email: 'second@brunel-motors.co.uk' })),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.signup.duplicateCompany);
    expect(await countAccounts(stack)).toEqual({ garages: before.garages + 1, users: before.users + 1 });
  });

  it('answers 409 when identity already has the e-mail (an admin, say) though no garage does', async () => {
    await stack.identityDb.pool.query(
      "INSERT INTO users (email, password_hash, role) VALUES ('ops@forth-bridge.co.uk', 'x', 'none')",
    );
    const before = await countAccounts(stack);
    const { status, body } = await signUp(signupPayload(COMPANIES.forth, { email: 'ops@forth-bridge.co.uk' }));
    expect(status).toBe(409);
    expect(body.message).toBe(MESSAGES.signup.duplicateEmail);
    expect(await countAccounts(stack)).toEqual(before);
  });

  it('removes the identity user again when the garage cannot be stored, and answers 500 with the shared message', async () => {
    await stack.garagesDb.pool.query(`
      CREATE FUNCTION refuse_garage() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full (test)'; END $$;
      CREATE TRIGGER refuse_garage BEFORE INSERT ON garages FOR EACH ROW EXECUTE FUNCTION refuse_garage();`);
    try {
      const before = await countAccounts(stack);
      const payload = signupPayload(COMPANIES.gower);
      const { status, body } = await signUp(payload);
      expect(status).toBe(500);
      expect(body).toEqual({ status: 500, code: 'internal', message: MESSAGES.signup.garageCreateFailed });
      expect(await countAccounts(stack)).toEqual(before);
      const users = await stack.identityDb.pool.query('SELECT 1 FROM users WHERE email = $1', [payload.email]);
      expect(users.rowCount).toBe(0);
      const events = await stack.identityDb.pool.query(
        "SELECT 1 FROM event_outbox WHERE payload->>'email' = $1 AND published_at IS NULL",
        [payload.email],
      );
      expect(events.rowCount).toBe(0);
    } finally {
      await stack.garagesDb.pool.query('DROP TRIGGER refuse_garage ON garages; DROP FUNCTION refuse_garage();');
    }
    expect((await signUp(signupPayload(COMPANIES.gower))).status).toBe(201);
  });

  it('answers 502 "Failed to create account. Please try again." when identity cannot be reached, creating no garage', async () => {
    const server = await listenForTest(
      buildGaragesApp({
        pool: stack.garagesDb.pool,
        logger: testLogger,
        verifier: createTokenVerifier({ identityUrl: stack.identityUrl }),
        companiesHouse: createCompaniesHouseClient({
          baseUrl: stack.fake.url,
          apiKey: 'k',
          limiter: { acquire: async () => ({ isAllowed: true }) },
        }),
        identity: createIdentityClient({ baseUrl: 'http://127.0.0.1:9', internalToken: 'whatever-internal-token' }),
        companyTokenSecret: TEST_COMPANY_TOKEN_SECRET,
        internalToken: 'whatever-internal-token',
      }),
    );
    try {
      const before = await countAccounts(stack);
      const { status, body } = await call(server.url, 'POST', '/api/v1/garages', {
        body: signupPayload(COMPANIES.eden),
      });
      expect(status).toBe(502);
      expect(body.message).toBe(MESSAGES.signup.accountCreateFailed);
      expect(await countAccounts(stack)).toEqual(before);
    } finally {
      await server.close();
    }
  });
});
