/**
 * The rooms of docs/architecture.md#rooms, as eslint.config.js enforces them: each rule fails on a deliberately bad
 * import in a file where it applies, and lets the same import through where the room allows it. Each case lints a
 * line of code as if it were at the given path, with the repository's own configuration.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the restricted-imports rule for `code` placed at `file`. */
async function restrictionsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [value];\n`, {
    filePath: path.join(ROOT, file),
  });
  return result!.messages
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

const PG = "import pg from 'pg';\nconst value = pg;";
const PG_TYPE = "import type { Pool } from 'pg';\nconst value: Pool | null = null;";
const EXPRESS = "import express from 'express';\nconst value = express;";

describe('only a store/ folder talks to Postgres', () => {
  it('refuses pg in a domain file, in a route and in the kit outside its store', async () => {
    for (const file of [
      'services/records/src/domain/bad-import.ts',
      'services/identity/src/routes/bad-import.ts',
      'packages/shared/src/server/bad-import.ts',
      'packages/shared/src/lookup-cache/bad-import.ts',
    ]) {
      expect(await restrictionsOf(file, PG), file).toEqual([
        expect.stringContaining('Only a store/ folder talks to Postgres'),
      ]);
    }
  });

  it('lets a store import it, and anyone import its types', async () => {
    expect(await restrictionsOf('services/records/src/store/good-import.ts', PG)).toEqual([]);
    expect(await restrictionsOf('packages/shared/src/server/store/good-import.ts', PG)).toEqual([]);
    expect(await restrictionsOf('services/records/src/domain/good-import.ts', PG_TYPE)).toEqual([]);
  });
});

describe('only a routes/ folder builds with express', () => {
  it('refuses express in a domain file, a store, a service root and the kit outside its routes', async () => {
    for (const file of [
      'services/billing/src/domain/bad-import.ts',
      'services/billing/src/store/bad-import.ts',
      'services/gateway/src/app.ts',
      'packages/shared/src/server/bad-import.ts',
    ]) {
      expect(await restrictionsOf(file, EXPRESS), file).toEqual([expect.stringContaining('Only a routes/ folder')]);
    }
  });

  it('lets a routes/ folder import it', async () => {
    expect(await restrictionsOf('services/gateway/src/routes/good-import.ts', EXPRESS)).toEqual([]);
    expect(await restrictionsOf('packages/shared/src/server/routes/good-import.ts', EXPRESS)).toEqual([]);
  });
});

describe("nothing reaches into another service's src/", () => {
  const reaching = (specifier: string) => `import { value } from '${specifier}';`;

  it("refuses a service's code or tests importing another service's sources", async () => {
    const cases: [string, string][] = [
      ['services/records/test/bad-import.ts', '../../identity/src/app.js'],
      ['services/records/src/domain/bad-import.ts', '../../../identity/src/domain/passwords.js'],
      ['services/gateway/test/bad-import.ts', '../../records/src/app.js'],
      ['services/gateway/src/domain/bad-import.ts', '@sh/records/src/app.js'],
    ];
    for (const [file, specifier] of cases) {
      expect(await restrictionsOf(file, reaching(specifier)), `${file} → ${specifier}`).toEqual([
        expect.stringContaining('A service reaches another over HTTP'),
      ]);
    }
  });

  it('refuses bench/, scripts/, e2e/, web/ and the kit importing any service sources', async () => {
    const cases: [string, string][] = [
      ['bench/bad-import.ts', '../services/records/src/store/insert-service-record.js'],
      ['scripts/bad-import.ts', '../services/identity/src/domain/passwords.js'],
      ['e2e/bad-import.e2e.test.ts', '../services/gateway/src/domain/routing.js'],
      ['e2e/support/bad-import.ts', '../../services/gateway/src/domain/routing.js'],
      ['web/src/lib/bad-import.ts', '../../../services/records/src/domain/log-entry.js'],
      ['packages/shared/src/server/bad-import.ts', '../../../../services/records/src/app.js'],
    ];
    for (const [file, specifier] of cases) {
      expect(await restrictionsOf(file, reaching(specifier)), `${file} → ${specifier}`).toEqual([
        expect.stringContaining('never import its src/'),
      ]);
    }
  });

  it('lets a service import its own sources and anyone import packages/shared', async () => {
    expect(await restrictionsOf('services/records/test/good-import.ts', reaching('../src/app.js'))).toEqual([]);
    expect(await restrictionsOf('bench/good-import.ts', reaching('@sh/shared/server'))).toEqual([]);
    expect(await restrictionsOf('services/records/src/domain/good-import.ts', reaching('@sh/shared/contract'))).toEqual(
      [],
    );
  });
});
