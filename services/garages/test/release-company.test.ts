import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  ZCheckDuplicatesResponseSchema,
  ZCreateGarageResponseSchema,
  ZErrorEnvelopeSchema,
  ZReleaseCompanyResponseSchema,
  type TEventEnvelope,
} from '@sh/shared/contract';
import { applyEventOnce } from '@sh/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garagesEventHandlers } from '../src/events/handlers.js';
import { call, COMPANIES, signupPayload, startStack, type StackWithIdentity } from './harness.js';

let stack: StackWithIdentity;
let adminToken: string;
const adminId = randomUUID();

beforeAll(async () => {
  stack = await startStack({ identity: true });
  adminToken = stack.tokenFor({ sub: adminId, role: 'admin', email: 'admin@servicehistory.test' });
});
afterAll(async () => {
  await stack?.close();
});

const release = (garageId: string, token?: string) =>
  call(stack.garagesUrl, 'POST', `/api/v1/garages/${garageId}/release-company`, { token });

/** Signs a garage up for real (identity user, garage row): its e-mail is not confirmed yet. */
async function signUp(company: { number: string; name: string }, email: string) {
  const { status, body } = await call(stack.garagesUrl, 'POST', '/api/v1/garages', {
    body: signupPayload(company, { email }),
  });
  expect(status).toBe(201);
  return ZCreateGarageResponseSchema.parse(body).data.garage;
}

function emailConfirmed(userId: string, email: string): TEventEnvelope<'user.email_confirmed'> {
  return {
    id: randomUUID(),
    name: 'user.email_confirmed',
    version: 1,
    occurredAt: new Date().toISOString(),
    payload: { userId, email, confirmedAt: Date.now() },
  };
}

/** The audit entries kept about one garage. */
async function auditEntries(garageId: string) {
  const { rows } = await stack.garagesDb.pool.query(
    'SELECT actor_id, actor_email, action, subject_type, subject_label, reason FROM admin_actions WHERE subject_id = $1',
    [garageId],
  );
  return rows;
}

async function hasCompanyDuplicate(companyNumber: string): Promise<boolean> {
  const { body } = await call(stack.garagesUrl, 'POST', '/api/v1/garages/check-duplicates', {
    body: { email: `probe.${randomUUID().slice(0, 8)}@probe.co.uk`, companies_house_number: companyNumber },
  });
  return ZCheckDuplicatesResponseSchema.parse(body).data.hasCompanyDuplicate;
}

describe('POST /api/v1/garages/{id}/release-company', () => {
  it('frees the company number held by an unconfirmed signup, so the company can sign up, and asks for a mail to the garage', async () => {
    const squatter = await signUp(COMPANIES.clent, 'squatter@clent-hills.co.uk');
    expect(await hasCompanyDuplicate(COMPANIES.clent.number)).toBe(true);

    const { status, body } = await release(squatter.id, adminToken);
    expect(status).toBe(200);
    expect(ZReleaseCompanyResponseSchema.parse(body)).toMatchObject({
      message: MESSAGES.garages.companyReleased,
      data: { id: squatter.id, released_company_number: COMPANIES.clent.number },
    });
    expect(await hasCompanyDuplicate(COMPANIES.clent.number)).toBe(false);
    const { rows } = await stack.garagesDb.pool.query(
      "SELECT payload FROM event_outbox WHERE name = 'garage.company_released'",
    );
    expect(rows.map((row) => row.payload)).toEqual([
      {
        garageId: squatter.id,
        name: COMPANIES.clent.name,
        email: 'squatter@clent-hills.co.uk',
        companyNumber: COMPANIES.clent.number,
      },
    ]);

    expect(await auditEntries(squatter.id)).toEqual([
      {
        actor_id: adminId,
        actor_email: 'admin@servicehistory.test',
        action: 'garage.company_released',
        subject_type: 'garage',
        subject_label: COMPANIES.clent.name,
        reason: null,
      },
    ]);

    const rightful = await signUp(COMPANIES.clent, 'office@clent-hills.co.uk');
    expect(rightful.id).not.toBe(squatter.id);
  });

  it("refuses with 409 when the garage's e-mail is confirmed, and keeps its company number", async () => {
    const garage = await signUp(COMPANIES.brunel, 'office@brunel-motors.co.uk');
    await applyEventOnce(
      stack.garagesDb.pool,
      garagesEventHandlers,
      emailConfirmed(garage.id, 'office@brunel-motors.co.uk'),
    );

    const { status, body } = await release(garage.id, adminToken);
    expect(status).toBe(409);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      code: 'conflict',
      message: MESSAGES.garages.releaseRefusedConfirmed,
    });
    expect(await hasCompanyDuplicate(COMPANIES.brunel.number)).toBe(true);
    expect(await auditEntries(garage.id)).toEqual([]);
  });

  it('answers 409 when the company number was already released', async () => {
    const garage = await signUp(COMPANIES.eden, 'office@eden-valley.co.uk');
    expect((await release(garage.id, adminToken)).status).toBe(200);
    const again = await release(garage.id, adminToken);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.garages.noCompanyToRelease);
    expect((await auditEntries(garage.id)).map((entry) => entry.action)).toEqual(['garage.company_released']);
  });

  it('is for admins only: 401 without a token, 403 for a garage (even its own), 400 for a bad id, 404 for an unknown garage', async () => {
    const garage = await signUp(COMPANIES.gower, 'office@gower-motors.co.uk');
    expect((await release(garage.id)).status).toBe(401);
    const own = await release(
      garage.id,
      stack.tokenFor({ sub: garage.id, role: 'garage', email: 'office@gower-motors.co.uk' }),
    );
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(MESSAGES.platform.forbidden);
    const badId = await release('not-a-uuid', adminToken);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe(MESSAGES.platform.invalidRequest);
    expect((await release(randomUUID(), adminToken)).status).toBe(404);
    expect(await hasCompanyDuplicate(COMPANIES.gower.number)).toBe(true);
  });
});
