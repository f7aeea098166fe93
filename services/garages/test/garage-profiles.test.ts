import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  LOGO_MAX_SIDE,
  ZGarageDirectoryResponseSchema,
  ZPublicGarageProfileResponseSchema,
  ZUpdateGarageDetailsResponseSchema,
  ZUpdateGarageLogoResponseSchema,
  GARAGE_PROFILE_MESSAGES,
} from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGarage, call, startStack, type Stack } from './harness.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const ownerToken = (garage: { id: string; email: string }) =>
  stack.tokenFor({ sub: garage.id, role: 'garage', email: garage.email });

async function slugOf(id: string): Promise<string> {
  const { rows } = await stack.garagesDb.pool.query<{ slug: string }>('SELECT slug FROM garages WHERE id = $1', [id]);
  return rows[0]!.slug;
}

/** Sends a logo as the browser does: the image itself is the body. */
async function uploadLogo(token: string | undefined, body: Buffer, type: string) {
  const response = await fetch(`${stack.garagesUrl}/api/v1/garages/me/logo`, {
    method: 'PUT',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();

describe('slugs', () => {
  it("are the name's, then name-town on a clash, then numbered; they never change and are never given again", async () => {
    const first = await buildGarage(stack, { name: 'Castle Garage Ltd' });
    const second = await buildGarage(stack, { name: 'Castle Garage Ltd' });
    const third = await buildGarage(stack, { name: 'Castle Garage Ltd' });
    expect([await slugOf(first.id), await slugOf(second.id), await slugOf(third.id)]).toEqual([
      'castle-garage-ltd',
      'castle-garage-ltd-exeter',
      'castle-garage-ltd-exeter-3',
    ]);
    await stack.garagesDb.pool.query("UPDATE garages SET name = 'Keep Motors Ltd' WHERE id = $1", [first.id]);
    expect(await slugOf(first.id)).toBe('castle-garage-ltd');
    await stack.garagesDb.pool.query('DELETE FROM garages WHERE id = $1', [first.id]);
    const fourth = await buildGarage(stack, { name: 'Castle Garage Ltd' });
    expect(await slugOf(fourth.id)).toBe('castle-garage-ltd-exeter-4');
  });
});

describe('GET /api/v1/garage-profiles/{slug}', () => {
  it('answers the public page: no e-mail, owner or billing; the Companies House check and since when', async () => {
    const garage = await buildGarage(stack, { name: 'Profile Motors Ltd', subscriptionStatus: 'active' });
    const slug = await slugOf(garage.id);
    const { status, body, headers } = await call(stack.garagesUrl, 'GET', `/api/v1/garage-profiles/${slug}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=300');
    const profile = ZPublicGarageProfileResponseSchema.parse(body).data.garage;
    expect(profile).toMatchObject({
      slug: 'profile-motors-ltd',
      name: 'Profile Motors Ltd',
      town: 'Exeter',
      postcode_district: 'EX2',
      logo_url: null,
      company: { name: 'PROFILE MOTORS LTD', number: garage.companyNumber },
      listed: true,
    });
    expect(JSON.stringify(body)).not.toContain(garage.email);
  });

  it('keeps the page of a suspended or cancelled garage, and answers 404 for a slug nobody has', async () => {
    const cancelled = await buildGarage(stack, { name: 'Lapsed Motors Ltd', subscriptionStatus: 'canceled' });
    const page = await call(stack.garagesUrl, 'GET', `/api/v1/garage-profiles/${await slugOf(cancelled.id)}`);
    expect(page.status).toBe(200);
    expect(ZPublicGarageProfileResponseSchema.parse(page.body).data.garage.listed).toBe(false);
    expect((await call(stack.garagesUrl, 'GET', '/api/v1/garage-profiles/nobody-has-this')).status).toBe(404);
    expect((await call(stack.garagesUrl, 'GET', '/api/v1/garage-profiles/Not%20A%20Slug')).status).toBe(400);
  });
});

describe('GET /api/v1/garage-profiles?q=', () => {
  it('finds subscribed garages by town or postcode district, and lists no suspended or cancelled one', async () => {
    const listed = await buildGarage(stack, { name: 'Directory Listed Ltd', subscriptionStatus: 'trialing' });
    await buildGarage(stack, { name: 'Directory Cancelled Ltd', subscriptionStatus: 'canceled' });
    const suspended = await buildGarage(stack, { name: 'Directory Suspended Ltd', subscriptionStatus: 'active' });
    await stack.garagesDb.pool.query(
      "UPDATE garages SET suspended_at = now(), suspension_reason = 'test', suspended_by = $2 WHERE id = $1",
      [suspended.id, randomUUID()],
    );
    for (const q of ['exeter', 'EXE', 'ex2', 'EX2']) {
      const { status, body } = await call(stack.garagesUrl, 'GET', `/api/v1/garage-profiles?q=${q}`);
      expect(status).toBe(200);
      const names = ZGarageDirectoryResponseSchema.parse(body).data.garages.map((g) => g.name);
      expect(names).toContain('Directory Listed Ltd');
      expect(names).not.toContain('Directory Cancelled Ltd');
      expect(names).not.toContain('Directory Suspended Ltd');
    }
    expect(listed.id).toBeTruthy();
  });

  it('takes LIKE wildcards literally and refuses a search too short to mean anything', async () => {
    for (const q of ['%25%25', '__', 'ex%25', 'e_eter']) {
      const { status, body } = await call(stack.garagesUrl, 'GET', `/api/v1/garage-profiles?q=${q}`);
      expect(status).toBe(200);
      expect(ZGarageDirectoryResponseSchema.parse(body).data.garages).toEqual([]);
    }
    const short = await call(stack.garagesUrl, 'GET', '/api/v1/garage-profiles?q=e');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(GARAGE_PROFILE_MESSAGES.searchTooShort);
  });
});

describe('PATCH /api/v1/garages/me/profile', () => {
  it("sets the owner's opening hours and services; a technician is refused 403, a visitor 401", async () => {
    const garage = await buildGarage(stack, { name: 'Hours Motors Ltd' });
    const details = { opening_hours: 'Mon-Fri 8:00-17:30', services_offered: 'Servicing, MOT preparation, tyres' };
    const technician = stack.tokenFor({
      sub: randomUUID(),
      role: 'technician',
      name: 'Sam Patel',
      email: 't@x.co.uk',
      garageId: garage.id,
    });
    const refused = await call(stack.garagesUrl, 'PATCH', '/api/v1/garages/me/profile', {
      token: technician,
      body: details,
    });
    expect(refused.status).toBe(403);
    expect((await call(stack.garagesUrl, 'PATCH', '/api/v1/garages/me/profile', { body: details })).status).toBe(401);
    const { status, body } = await call(stack.garagesUrl, 'PATCH', '/api/v1/garages/me/profile', {
      token: ownerToken(garage),
      body: details,
    });
    expect(status).toBe(200);
    expect(ZUpdateGarageDetailsResponseSchema.parse(body).data.garage).toMatchObject(details);
  });
});

describe('PUT /api/v1/garages/me/logo', () => {
  it('re-encodes a PNG to at most the stored size and serves it as image/png from the public page', async () => {
    const garage = await buildGarage(stack, { name: 'Logo Motors Ltd' });
    const { status, body } = await uploadLogo(ownerToken(garage), await png(1200, 600), 'image/png');
    expect(status).toBe(200);
    const logoUrl = ZUpdateGarageLogoResponseSchema.parse(body).data.logo_url;
    const served = await fetch(`${stack.garagesUrl}${logoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=300');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', LOGO_MAX_SIDE, LOGO_MAX_SIDE / 2]);
  });

  it('refuses an SVG, whether it says so (415) or claims to be a PNG (400)', async () => {
    const garage = await buildGarage(stack, { name: 'Svg Motors Ltd' });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const declared = await uploadLogo(ownerToken(garage), svg, 'image/svg+xml');
    expect(declared.status).toBe(415);
    expect(declared.body.message).toBe(GARAGE_PROFILE_MESSAGES.logoNotImage);
    const disguised = await uploadLogo(ownerToken(garage), svg, 'image/png');
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe(GARAGE_PROFILE_MESSAGES.logoNotImage);
    const { rows } = await stack.garagesDb.pool.query('SELECT logo FROM garages WHERE id = $1', [garage.id]);
    expect(rows[0].logo).toBeNull();
  });

  it('refuses a 5 MB file with 413 and the 1 MB message', async () => {
    const garage = await buildGarage(stack, { name: 'Big Motors Ltd' });
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024, 1)]);
    const { status, body } = await uploadLogo(ownerToken(garage), big, 'image/png');
    expect(status).toBe(413);
    expect(body.message).toBe(GARAGE_PROFILE_MESSAGES.logoTooLarge);
  });

  it('stores a PNG with a script appended only as clean pixels: the script is not served', async () => {
    const garage = await buildGarage(stack, { name: 'Polyglot Motors Ltd' });
    const script = '<script>alert(document.cookie)</script>';
    const polyglot = Buffer.concat([await png(64, 64), Buffer.from(script)]);
    const { status, body } = await uploadLogo(ownerToken(garage), polyglot, 'image/png');
    if (status === 200) {
      const served = await fetch(`${stack.garagesUrl}${ZUpdateGarageLogoResponseSchema.parse(body).data.logo_url}`);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.includes(Buffer.from('<script'))).toBe(false);
      expect((await sharp(bytes).metadata()).format).toBe('png');
    } else {
      expect(status).toBe(400);
      expect(body.message).toBe(GARAGE_PROFILE_MESSAGES.logoNotImage);
    }
  });

  it("is the owner's alone: a technician 403, a visitor 401", async () => {
    const garage = await buildGarage(stack, { name: 'Owner Motors Ltd' });
    const technician = stack.tokenFor({
      sub: randomUUID(),
      role: 'technician',
      name: 'Sam Patel',
      email: 't@x.co.uk',
      garageId: garage.id,
    });
    expect((await uploadLogo(technician, await png(8, 8), 'image/png')).status).toBe(403);
    expect((await uploadLogo(undefined, await png(8, 8), 'image/png')).status).toBe(401);
  });
});
