import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  parseSignerKey,
  parseVerifierKey,
  signCheckpoint,
  verifyCheckpoint,
} from '../../src/transparency-log/index.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

async function runLogKey(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/log-key.ts', ...args], { cwd: ROOT }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

describe('npm run log:key', () => {
  it('prints a signer key and the verifier key that checks its checkpoints', async () => {
    const { code, stdout } = await runLogKey('wrenchmark.example/log');
    expect(code).toBe(0);
    const [signerLine, verifierLine, ...rest] = stdout.trimEnd().split('\n');
    expect(rest).toEqual([]);
    const signer = await parseSignerKey(signerLine ?? '');
    const verifier = await parseVerifierKey(verifierLine ?? '');
    expect([signer.name, verifier.name, signer.keyId]).toEqual([
      'wrenchmark.example/log',
      'wrenchmark.example/log',
      verifier.keyId,
    ]);
    const note = await signCheckpoint(
      { origin: 'wrenchmark.example/log', size: 0, rootHash: new Uint8Array(32) },
      signer,
    );
    expect((await verifyCheckpoint(note, [verifier], 'wrenchmark.example/log')).size).toBe(0);
  });

  it('refuses a missing or invalid name with its usage and exit code 2, printing no key', async () => {
    for (const args of [[], ['has+plus'], ['one', 'two']]) {
      const { code, stdout, stderr } = await runLogKey(...args);
      expect([code, stdout]).toEqual([2, '']);
      expect(stderr).toContain('Usage: npm run log:key -- <origin name>');
    }
  });
});
