/**
 * The OpenAPI document the gateway serves (built from OPERATIONS) is one a garage system can generate its client from
 * (docs/architecture.md#the-api-contract): every operation named by a unique operationId, and Redocly's `recommended`
 * lint passing with no error and no warning.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BRAND, buildOpenApiDocument, OPERATIONS } from '../src/contract/index.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const REDOCLY_CLI = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
}

/** Runs `redocly lint --extends recommended` on the document, answering each problem it reports. */
async function lintWithRedocly(document: unknown): Promise<LintProblem[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(folder, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    // Exit 1 when there are errors: the JSON report is read either way.
    const { stdout } = await run(
      process.execPath,
      [REDOCLY_CLI, 'lint', file, '--extends', 'recommended', '--format', 'json'],
      { cwd: folder, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { problems: LintProblem[] };
    return report.problems;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const DOCUMENT = buildOpenApiDocument(OPERATIONS, { title: `${BRAND.name} API`, version: '1.0.0' });

describe('the OpenAPI document', () => {
  it('names every operation with an operationId of its own', () => {
    const ids = Object.values(DOCUMENT.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => (operation as { operationId?: string }).operationId),
    );
    expect(ids).toHaveLength(OPERATIONS.length);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("passes Redocly's recommended lint with no errors and no warnings", async () => {
    const problems = await lintWithRedocly(DOCUMENT);
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('is failed by the same lint when an operation has no operationId (the lint is really run)', async () => {
    const [first, ...rest] = OPERATIONS;
    const unnamed = buildOpenApiDocument([{ ...first!, operationId: undefined as unknown as string }, ...rest], {
      title: 'lint check',
      version: '0',
    });
    const problems = await lintWithRedocly(unnamed);
    expect(problems.map((p) => p.ruleId)).toEqual(['operation-operationId']);
  });
});
