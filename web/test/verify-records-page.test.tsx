/// <reference types="node" />
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from './support';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? sourceFiles(join(directory, entry.name)) : Promise.resolve([join(directory, entry.name)]),
    ),
  );
  return nested.flat();
}

describe('VerifyRecordsPage', () => {
  it('is public and explains the hash chain, the signed receipts and where to fetch both', () => {
    const api = mockApi({});
    renderApp('/verify-records');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('Check a vehicle’s history yourself');
    const text = main.textContent ?? '';
    expect(text).toContain('Tamper-evident');
    expect(text).toContain('SHA-256');
    expect(text).toContain('RFC 8785');
    expect(text).toContain('Ed25519');
    expect(text).toContain('GET /api/v1/service-records/verify/{registration}');
    expect(text).toContain('GET /api/v1/service-records/signing-key');
    expect(within(main).getByLabelText('Example program: check-history.mjs').textContent).toContain(
      "from 'node:crypto'",
    );
    expect(within(main).getByLabelText('Command: verify a vehicle against the log').textContent).toBe(
      `npm run verify:vehicle -- AD61HCX --key KEY --base ${window.location.origin}`,
    );
    expect(text).toContain('GET /api/v1/service-records/log/key');
    expect(api.calls).toHaveLength(0);
  });

  it('leaves no "tamper-proof" claim anywhere in the web app', async () => {
    const files = await sourceFiles(join(import.meta.dirname, '..', 'src'));
    expect(files.length).toBeGreaterThan(20);
    const claiming: string[] = [];
    for (const file of files) {
      if (/tamper[\s-]?proof/i.test(await readFile(file, 'utf8'))) claiming.push(file);
    }
    expect(claiming).toEqual([]);
  });
});
