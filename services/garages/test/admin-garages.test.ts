import {
  MESSAGES,
  ZErrorEnvelopeSchema,
  ZInternalGaragesResponseSchema,
  type TAdminGarage,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { callInternalAdmin } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGarage, startStack, TEST_INTERNAL_TOKEN, type Stack } from './harness.js';

let stack: Stack;

// The garages of this file, newest joined first. Two pairs share a joining instant, to the microsecond or within
// one millisecond, so that paging must order by the id as well and must not lose microseconds.
let expectedOrder: string[];
let hartley: { id: string; email: string };
let referredByHartley: { id: string };
let referredByGone: { id: string };
let idsByName: Map<string, string>;

beforeAll(async () => {
  stack = await startStack();
  const built: Array<{ id: string; createdAt: string }> = [];
  const add = async (createdAt: string, overrides: Parameters<typeof buildGarage>[1] = {}) => {
    const garage = await buildGarage(stack, { createdAt, ...overrides });
    built.push({ id: garage.id, createdAt });
    return garage;
  };
  hartley = await add('2026-01-01 09:00:00.000001+00', {
    name: 'Hartley Motors Ltd',
    email: 'office@hartley-motors.co.uk',
    companyNumber: '04879592',
    subscriptionStatus: 'active',
  });
  const gone = await add('2026-01-01 09:30:00+00', { name: 'Gone Garage Ltd' });
  referredByHartley = await add('2026-01-02 10:00:00.123456+00', {
    name: 'Bridgend Auto Repairs',
    referredBy: hartley.id,
    subscriptionStatus: 'trialing',
  });
  referredByGone = await add('2026-01-02 10:00:00.123457+00', {
    name: 'Welland Valley Motors',
    referredBy: gone.id,
    subscriptionStatus: 'past_due',
  });
  await add('2026-01-03 08:00:00.5+00', {
    name: '100% Tyres & Brakes',
    companyNumber: 'SC412345',
    subscriptionStatus: 'canceled',
  });
  for (let i = 0; i < 18; i += 1) {
    // Nine instants, each shared by two garages.
    await add(`2026-02-${String(10 + Math.floor(i / 2)).padStart(2, '0')} 12:00:00.654321+00`, {
      name: `Fleet Garage ${i}`,
      subscriptionStatus: i % 3 === 0 ? 'active' : 'inactive',
    });
  }
  // The referring garage's row is deleted: the foreign key sets referred_by NULL, and the list must still know it was a referral.
  await stack.garagesDb.pool.query('DELETE FROM garages WHERE id = $1', [gone.id]);
  built.splice(
    built.findIndex((g) => g.id === gone.id),
    1,
  );
  await stack.garagesDb.pool.query('INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, now())', [
    hartley.id,
  ]);

  const { rows } = await stack.garagesDb.pool.query<{ id: string }>(
    'SELECT id FROM garages ORDER BY created_at DESC, id DESC',
  );
  expectedOrder = rows.map((row) => row.id);
  expect(expectedOrder).toHaveLength(built.length);
  const named = await stack.garagesDb.pool.query<{ id: string; name: string }>('SELECT id, name FROM garages');
  idsByName = new Map(named.rows.map((row) => [row.name, row.id]));
});
afterAll(async () => {
  await stack?.close();
});

const listGarages = (query: string, token: string | null = TEST_INTERNAL_TOKEN) =>
  callInternalAdmin(stack.garagesUrl, `/internal/admin/garages${query}`, token);

async function page(query: string) {
  const { status, body } = await listGarages(query);
  expect(status).toBe(200);
  return ZInternalGaragesResponseSchema.parse(body).data;
}

async function search(q: string): Promise<string[]> {
  return (await page(`?q=${encodeURIComponent(q)}&limit=100`)).garages.map((garage) => garage.name);
}

describe('GET /internal/admin/garages', () => {
  it.each([1, 5])(
    'pages through every garage exactly once, newest joined first, the id breaking ties (%i a page)',
    async (limit) => {
      const seen: TAdminGarage[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const data = await page(`?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(data.garages.length).toBeLessThanOrEqual(limit);
        seen.push(...data.garages);
        cursor = data.nextCursor;
        pages += 1;
      } while (cursor && pages < 100);
      expect(seen.map((garage) => garage.id)).toEqual(expectedOrder);
      expect(pages).toBe(Math.ceil(expectedOrder.length / limit));
    },
  );

  it('answers the first page by default limit with the totals of every garage: all of them, and those active or trialing', async () => {
    const data = await page('');
    expect(data.garages).toHaveLength(20);
    expect(data.nextCursor).not.toBeNull();
    // Hartley (active), Bridgend (trialing) and six of the eighteen fleet garages (active).
    expect(data.totals).toEqual({ garages: expectedOrder.length, activeSubscriptions: 8 });
  });

  it('shows each garage with its contact, subscription, joining date, referral code, e-mail confirmation and suspension', async () => {
    const data = await page('?q=hartley');
    expect(data.garages).toEqual([
      {
        id: hartley.id,
        name: 'Hartley Motors Ltd',
        address: 'Unit 6 Marsh Barton, Exeter, EX2 8NX',
        email: 'office@hartley-motors.co.uk',
        phone: '01392123456',
        companies_house_number: '04879592',
        subscription_status: 'active',
        joined_at: '2026-01-01T09:00:00.000Z',
        referral_code: expect.stringMatching(/^GAR-[A-Z0-9]{8}$/),
        referred_by: null,
        email_confirmed: true,
        suspension: null,
      },
    ]);
    expect(data.totals.garages).toBe(expectedOrder.length);
  });

  it('names the referring garage, says Unknown (a null name) when the referrer is gone, and nothing when there was none', async () => {
    const byId = new Map((await page('?limit=100')).garages.map((garage) => [garage.id, garage]));
    expect(byId.get(referredByHartley.id)!.referred_by).toEqual({ id: hartley.id, name: 'Hartley Motors Ltd' });
    expect(byId.get(referredByGone.id)!.referred_by).toEqual({ id: null, name: null });
    expect(byId.get(hartley.id)!.referred_by).toBeNull();
    expect(byId.get(referredByHartley.id)!.email_confirmed).toBe(false);
  });

  it('searches the name, e-mail or company number, ignoring case, with % and _ taken literally', async () => {
    expect(await search('HARTLEY')).toEqual(['Hartley Motors Ltd']);
    expect(await search('hartley-motors.co')).toEqual(['Hartley Motors Ltd']);
    expect(await search('4879592')).toEqual(['Hartley Motors Ltd']);
    expect(await search('sc4123')).toEqual(['100% Tyres & Brakes']);
    expect(await search('100%')).toEqual(['100% Tyres & Brakes']);
    expect(await search('%')).toEqual(['100% Tyres & Brakes']);
    expect(await search('_')).toEqual([]);
    expect(await search('  valley  ')).toEqual(['Welland Valley Motors']);
    const fleetOnes = ['Fleet Garage 1', ...Array.from({ length: 8 }, (_, i) => `Fleet Garage 1${i}`)];
    expect(await search('garage 1')).toEqual(inListOrder(fleetOnes));
  });

  it('pages a search too, every match once', async () => {
    const first = await page('?q=fleet&limit=10');
    const second = await page(`?q=fleet&limit=10&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const names = [...first.garages, ...second.garages].map((garage) => garage.name);
    expect(new Set(names).size).toBe(18);
    expect(names.every((name) => name.startsWith('Fleet Garage'))).toBe(true);
  });

  it('is for services holding the internal token only: 403 without it or with another', async () => {
    for (const token of [null, 'wrong-internal-token-0123456789']) {
      const { status, body } = await listGarages('', token);
      expect(status).toBe(403);
      expect(ZErrorEnvelopeSchema.parse(body).message).toBe(MESSAGES.platform.forbidden);
    }
  });

  it('refuses a bad limit, a forged cursor and an overlong search with 400', async () => {
    expect((await listGarages('?limit=101')).status).toBe(400);
    expect((await listGarages('?limit=0')).status).toBe(400);
    const forged = await listGarages(`?cursor=${Buffer.from('["1 OR 1=1","x"]').toString('base64url')}`);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(MESSAGES.records.cursorInvalid);
    const long = await listGarages(`?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(ADMIN_ACTION_MESSAGES.searchTooLong);
  });
});

/** Names in the list's order (newest joined first). */
function inListOrder(names: string[]): string[] {
  return [...names].sort((a, b) => expectedOrder.indexOf(idsByName.get(a)!) - expectedOrder.indexOf(idsByName.get(b)!));
}
