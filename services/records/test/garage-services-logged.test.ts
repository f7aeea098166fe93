import { randomUUID } from 'node:crypto';
import { ZGarageServicesLoggedResponseSchema } from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGarage, buildServiceRecord } from './builders.js';
import { startRecordsStack, type RecordsStack } from './harness.js';

let stack: RecordsStack;

beforeAll(async () => {
  stack = await startRecordsStack();
});
afterAll(async () => {
  await stack?.close();
});

async function servicesLogged(garageId: string): Promise<number> {
  const answer = await callJson(stack.url, 'GET', `/api/v1/garage-profiles/${garageId}/services-logged`);
  expect(answer.status).toBe(200);
  return ZGarageServicesLoggedResponseSchema.parse(answer.body).data.services_logged;
}

describe('GET /garage-profiles/{id}/services-logged (docs/product.md#garage-profiles)', () => {
  it("counts the garage's records in the public history: not another garage's, not a withdrawn one", async () => {
    const garage = await buildGarage(stack.db.pool);
    const other = await buildGarage(stack.db.pool, { name: 'Other Motors Ltd' });
    expect(await servicesLogged(garage.id)).toBe(0);
    await buildServiceRecord(stack.db.pool, garage.id, { registration: 'GP01AAA' });
    await buildServiceRecord(stack.db.pool, garage.id, { registration: 'GP01AAB' });
    await buildServiceRecord(stack.db.pool, garage.id, { registration: 'GP01AAC', withdrawn: true });
    await buildServiceRecord(stack.db.pool, other.id, { registration: 'GP01AAD' });
    expect(await servicesLogged(garage.id)).toBe(2);
    expect(await servicesLogged(randomUUID())).toBe(0);
  });

  it('answers 400 for an id that is no uuid', async () => {
    expect((await callJson(stack.url, 'GET', '/api/v1/garage-profiles/not-a-uuid/services-logged')).status).toBe(400);
  });
});
