import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  ZErrorEnvelopeSchema,
  ZGarageProfileResponseSchema,
  ZGarageSuspensionResponseSchema,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenFor, buildGarage, call, startStack, type Stack } from './harness.js';

let stack: Stack;
let admin: ReturnType<typeof adminTokenFor>;

beforeAll(async () => {
  stack = await startStack();
  admin = adminTokenFor(stack, 'ops@wrenchmark.test');
});
afterAll(async () => {
  await stack?.close();
});

const suspend = (garageId: string, body: unknown, token?: string) =>
  call(stack.garagesUrl, 'POST', `/api/v1/garages/${garageId}/suspension`, { body, token });
const reinstate = (garageId: string, body: unknown, token?: string) =>
  call(stack.garagesUrl, 'DELETE', `/api/v1/garages/${garageId}/suspension`, { body, token });
const garageTokenFor = (garage: { id: string; email: string }) =>
  stack.tokenFor({ sub: garage.id, role: 'garage', email: garage.email });

/** Everything a suspension or reinstatement writes: the garage row, the outbox and the audit. */
async function footprint(garageId: string) {
  const pool = stack.garagesDb.pool;
  const garage = await pool.query('SELECT to_jsonb(g) AS row FROM garages g WHERE id = $1', [garageId]);
  const outbox = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM event_outbox');
  const audit = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_actions');
  return { garage: garage.rows[0]?.row ?? null, outbox: outbox.rows[0]!.n, audit: audit.rows[0]!.n };
}

async function outboxPayloads(name: string, garageId: string) {
  const { rows } = await stack.garagesDb.pool.query<{ payload: Record<string, unknown> }>(
    "SELECT payload FROM event_outbox WHERE name = $1 AND payload->>'garageId' = $2 ORDER BY occurred_at, id",
    [name, garageId],
  );
  return rows.map((row) => row.payload);
}

async function auditEntries(garageId: string) {
  const { rows } = await stack.garagesDb.pool.query(
    'SELECT actor_id, actor_email, action, subject_type, subject_id, subject_label, reason FROM admin_actions WHERE subject_id = $1 ORDER BY at, id',
    [garageId],
  );
  return rows;
}

describe('POST /api/v1/garages/{id}/suspension', () => {
  it('suspends the garage with the reason, keeps an audit entry and writes garage.suspended, in one go', async () => {
    const garage = await buildGarage(stack, { name: 'Quayside Motors Ltd' });
    const { status, body } = await suspend(
      garage.id,
      { reason: '  Logged services it never performed  ' },
      admin.token,
    );

    expect(status).toBe(200);
    const parsed = ZGarageSuspensionResponseSchema.parse(body);
    expect(parsed.message).toBe(ADMIN_ACTION_MESSAGES.garageSuspended);
    expect(parsed.data.garage).toMatchObject({ id: garage.id, name: 'Quayside Motors Ltd', email: garage.email });
    const suspension = parsed.data.garage.suspension!;
    expect(suspension.reason).toBe('Logged services it never performed');

    const { rows } = await stack.garagesDb.pool.query(
      'SELECT suspension_reason, suspended_by FROM garages WHERE id = $1',
      [garage.id],
    );
    expect(rows[0]).toEqual({ suspension_reason: 'Logged services it never performed', suspended_by: admin.id });
    expect(await outboxPayloads('garage.suspended', garage.id)).toEqual([
      {
        garageId: garage.id,
        name: 'Quayside Motors Ltd',
        email: garage.email,
        reason: 'Logged services it never performed',
        suspendedAt: Date.parse(suspension.suspended_at),
      },
    ]);
    expect(await auditEntries(garage.id)).toEqual([
      {
        actor_id: admin.id,
        actor_email: 'ops@wrenchmark.test',
        action: 'garage.suspended',
        subject_type: 'garage',
        subject_id: garage.id,
        subject_label: 'Quayside Motors Ltd',
        reason: 'Logged services it never performed',
      },
    ]);
  });

  it("closes the suspended garage's dashboard: GET /garages/me answers 403 with the suspension message, and 200 again once reinstated", async () => {
    const garage = await buildGarage(stack);
    const token = garageTokenFor(garage);
    expect((await call(stack.garagesUrl, 'GET', '/api/v1/garages/me', { token })).status).toBe(200);

    expect((await suspend(garage.id, { reason: 'Unpaid invoices' }, admin.token)).status).toBe(200);
    const closed = await call(stack.garagesUrl, 'GET', '/api/v1/garages/me', { token });
    expect(closed.status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(closed.body)).toMatchObject({
      code: 'forbidden',
      message: ADMIN_ACTION_MESSAGES.accountSuspended,
    });

    expect((await reinstate(garage.id, { reason: 'Invoices paid' }, admin.token)).status).toBe(200);
    const open = await call(stack.garagesUrl, 'GET', '/api/v1/garages/me', { token });
    expect(open.status).toBe(200);
    expect(ZGarageProfileResponseSchema.parse(open.body).data.garage.id).toBe(garage.id);
  });

  it('answers 409 for a garage that is already suspended, and changes nothing', async () => {
    const garage = await buildGarage(stack);
    expect((await suspend(garage.id, { reason: 'First reason' }, admin.token)).status).toBe(200);
    const before = await footprint(garage.id);

    const again = await suspend(garage.id, { reason: 'Second reason' }, admin.token);
    expect(again.status).toBe(409);
    expect(ZErrorEnvelopeSchema.parse(again.body)).toMatchObject({
      code: 'conflict',
      message: ADMIN_ACTION_MESSAGES.alreadySuspended,
    });
    expect(await footprint(garage.id)).toEqual(before);
  });

  it('checks in order: 401 without a token, 403 for a garage, 400 for an id that is not a UUID, 400 for a bad reason, 404 for an unknown garage; none changes anything', async () => {
    const garage = await buildGarage(stack);
    const before = await footprint(garage.id);

    const noToken = await suspend('not-a-uuid', {}, undefined);
    expect(noToken.status).toBe(401);
    expect(noToken.body.message).toBe(MESSAGES.platform.unauthorized);

    const asGarage = await suspend('not-a-uuid', {}, garageTokenFor(garage));
    expect(asGarage.status).toBe(403);
    expect(asGarage.body.message).toBe(MESSAGES.platform.forbidden);
    expect((await suspend(garage.id, { reason: 'Suspending myself' }, garageTokenFor(garage))).status).toBe(403);

    const badId = await suspend('not-a-uuid', {}, admin.token);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe(MESSAGES.platform.invalidRequest);

    const noReason = await suspend(randomUUID(), {}, admin.token);
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(ADMIN_ACTION_MESSAGES.reasonRequired);
    const blankReason = await suspend(garage.id, { reason: '   ' }, admin.token);
    expect(blankReason.status).toBe(400);
    expect(blankReason.body.message).toBe(ADMIN_ACTION_MESSAGES.reasonRequired);
    const shortReason = await suspend(garage.id, { reason: 'no' }, admin.token);
    expect(shortReason.status).toBe(400);
    expect(shortReason.body.message).toBe(ADMIN_ACTION_MESSAGES.reasonTooShort);
    const longReason = await suspend(garage.id, { reason: 'x'.repeat(501) }, admin.token);
    expect(longReason.status).toBe(400);
    expect(longReason.body.message).toBe(ADMIN_ACTION_MESSAGES.reasonTooLong);

    const unknown = await suspend(randomUUID(), { reason: 'Nobody by that id' }, admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MESSAGES.platform.notFound);

    expect(await footprint(garage.id)).toEqual(before);
  });
});

describe('DELETE /api/v1/garages/{id}/suspension', () => {
  it('reinstates the garage with the reason, keeps an audit entry and writes garage.reinstated, later than the suspension', async () => {
    const garage = await buildGarage(stack, { name: 'Tamar Bridge Garage' });
    const suspended = ZGarageSuspensionResponseSchema.parse(
      (await suspend(garage.id, { reason: 'Complaint under review' }, admin.token)).body,
    );
    const { status, body } = await reinstate(garage.id, { reason: 'Complaint resolved' }, admin.token);

    expect(status).toBe(200);
    const parsed = ZGarageSuspensionResponseSchema.parse(body);
    expect(parsed.message).toBe(ADMIN_ACTION_MESSAGES.garageReinstated);
    expect(parsed.data.garage).toMatchObject({ id: garage.id, suspension: null });

    const { rows } = await stack.garagesDb.pool.query(
      'SELECT suspended_at, suspension_reason, suspended_by FROM garages WHERE id = $1',
      [garage.id],
    );
    expect(rows[0]).toEqual({ suspended_at: null, suspension_reason: null, suspended_by: null });
    const [reinstated] = await outboxPayloads('garage.reinstated', garage.id);
    expect(reinstated).toMatchObject({
      garageId: garage.id,
      name: 'Tamar Bridge Garage',
      email: garage.email,
      reason: 'Complaint resolved',
    });
    expect(reinstated!.reinstatedAt).toBeGreaterThan(Date.parse(suspended.data.garage.suspension!.suspended_at));
    expect((await auditEntries(garage.id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['garage.suspended', 'Complaint under review'],
      ['garage.reinstated', 'Complaint resolved'],
    ]);
  });

  it('orders a suspension after the reinstatement before it, so consumers keeping the newest state get it right', async () => {
    const garage = await buildGarage(stack);
    expect((await suspend(garage.id, { reason: 'First suspension' }, admin.token)).status).toBe(200);
    expect((await reinstate(garage.id, { reason: 'Lifted' }, admin.token)).status).toBe(200);
    expect((await suspend(garage.id, { reason: 'Second suspension' }, admin.token)).status).toBe(200);

    const [first, second] = await outboxPayloads('garage.suspended', garage.id);
    const [lifted] = await outboxPayloads('garage.reinstated', garage.id);
    expect(lifted!.reinstatedAt).toBeGreaterThan(first!.suspendedAt as number);
    expect(second!.suspendedAt).toBeGreaterThan(lifted!.reinstatedAt as number);
  });

  it('answers 409 for a garage that is not suspended, and changes nothing', async () => {
    const garage = await buildGarage(stack);
    const before = await footprint(garage.id);
    const { status, body } = await reinstate(garage.id, { reason: 'Nothing to lift' }, admin.token);
    expect(status).toBe(409);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      code: 'conflict',
      message: ADMIN_ACTION_MESSAGES.notSuspended,
    });
    expect(await footprint(garage.id)).toEqual(before);
  });

  it('checks in order: 401, 403 for a garage, 400 for a bad id or reason, 404 for an unknown garage; none changes anything', async () => {
    const garage = await buildGarage(stack);
    expect((await suspend(garage.id, { reason: 'Under review' }, admin.token)).status).toBe(200);
    const before = await footprint(garage.id);

    expect((await reinstate('nope', {}, undefined)).status).toBe(401);
    expect((await reinstate(garage.id, { reason: 'Let me back in' }, garageTokenFor(garage))).status).toBe(403);
    const badId = await reinstate('nope', {}, admin.token);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe(MESSAGES.platform.invalidRequest);
    const noBody = await call(stack.garagesUrl, 'DELETE', `/api/v1/garages/${garage.id}/suspension`, {
      token: admin.token,
    });
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toBe(ADMIN_ACTION_MESSAGES.reasonRequired);
    expect((await reinstate(randomUUID(), { reason: 'Nobody by that id' }, admin.token)).status).toBe(404);

    expect(await footprint(garage.id)).toEqual(before);
  });
});
