import { randomBytes } from 'node:crypto';
import { ZCreateServiceRecordResponseSchema, ZVerifyChainResponseSchema } from '@sh/shared/contract';
import { callJson, createIdentityUser } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INTERNAL_TOKEN } from './global-setup.js';
import { buildCreateBody, buildGarageAccount, startRecordsStack, type RecordsStack } from './harness.js';

/**
 * docs/product.md#the-garages-team in records: a technician logs a service for the garage they work for, signing with
 * their own password, and the record's signer (and technician) is their name, sealed in its chain entry.
 */
let stack: RecordsStack;
beforeAll(async () => {
  stack = await startRecordsStack();
});
afterAll(async () => {
  await stack?.close();
});

/** A technician of the garage: an account with its own password in identity, and the token identity gives it. */
async function technicianOf(garage: { id: string }, name = 'Rhys Price') {
  const email = `tech.${Date.now()}.${randomBytes(3).toString('hex')}@hartley-motors.co.uk`;
  const password = 'Wrench2026';
  const { id } = await createIdentityUser(stack.identityUrl, TEST_INTERNAL_TOKEN, { email, password });
  const token = stack.tokenFor({ sub: id, role: 'technician', email, garageId: garage.id, name });
  return { id, email, password, token };
}

const registration = () =>
  `TK${String(10 + Math.floor(Math.random() * 80))}${'ABCDEFGH'[Math.floor(Math.random() * 8)]}XY`;

describe("a technician's record", () => {
  it("is the garage's, re-checks the technician's own password, and names the technician as signer whatever the form says", async () => {
    const garage = await buildGarageAccount(stack);
    const technician = await technicianOf(garage);
    const plate = registration();
    const create = (password: string) =>
      callJson(stack.url, 'POST', '/api/v1/service-records', {
        token: technician.token,
        body: buildCreateBody(password, {
          vehicle_registration: plate,
          full_name: 'Somebody Else',
          technician_name: 'Not Me',
        }),
      });
    expect((await create(garage.password)).status).toBe(401);
    const created = await create(technician.password);
    expect(created.status).toBe(201);
    const { serviceRecord } = ZCreateServiceRecordResponseSchema.parse(created.body).data;
    expect(serviceRecord).toMatchObject({
      garage_id: garage.id,
      signed_by: 'Rhys Price',
      technician_name: 'Rhys Price',
    });
    const chain = ZVerifyChainResponseSchema.parse(
      (await callJson(stack.url, 'GET', `/api/v1/service-records/verify/${plate}`)).body,
    ).data;
    expect(chain.valid).toBe(true);
    expect(JSON.stringify(chain)).toContain('Rhys Price');
    expect(JSON.stringify(chain)).not.toContain('Somebody Else');

    // The owner's list holds it; so does the technician's, which is the garage's.
    for (const token of [garage.token, technician.token]) {
      const mine = await callJson(stack.url, 'GET', '/api/v1/service-records/mine', { token });
      expect((mine.body.data as { serviceRecords: { id: string }[] }).serviceRecords.map((r) => r.id)).toContain(
        serviceRecord.id,
      );
    }
  });

  it("keeps the garage's export the owner's", async () => {
    const garage = await buildGarageAccount(stack);
    const technician = await technicianOf(garage);
    const exported = await callJson(stack.url, 'GET', '/api/v1/service-records/export?format=json', {
      token: technician.token,
    });
    expect(exported.status).toBe(403);
  });
});
