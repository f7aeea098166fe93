/**
 * The same module, bundled for the browser (esbuild, platform "browser": a Node import would fail the build) and run
 * in headless Chromium against the published vectors: WebCrypto's Ed25519 and SHA-256 there must give Go's exact
 * signatures and the RFC 6962 roots, as the results page will rely on.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ENTRY = `
import * as log from '../../src/transparency-log/index.js';
import { GO_NOTE, GO_SUMDB, REFERENCE_TREE } from './vectors.js';

window.runVectors = async () => {
  const peter = await log.parseVerifierKey(GO_NOTE.peterVerifierKey);
  const signer = await log.parseSignerKey(GO_NOTE.peterSignerKey);
  const signed = await log.signNote(GO_NOTE.text, [signer]);
  const opened = await log.verifyNote(GO_NOTE.text + '\\n' + GO_NOTE.peterSignature + GO_NOTE.enochSignature, [peter]);
  const tampered = await log.verifyNote(GO_NOTE.text.replace('problem', 'Problem') + '\\n' + GO_NOTE.peterSignature, [peter]).then(() => 'accepted', (error) => error.code);
  const sumdb = await log.verifyCheckpoint(GO_SUMDB.signedTree6, [await log.parseVerifierKey(GO_SUMDB.verifierKey)], 'go.sum database tree');
  const leafHashes = await Promise.all(REFERENCE_TREE.leaves.map((leaf) => log.webCryptoTreeHasher.hashLeaf(log.decodeHex(leaf))));
  const read = log.createLeafHashReader(leafHashes);
  const roots = await Promise.all(REFERENCE_TREE.roots.map((_root, i) => log.computeRootHash(i + 1, read)));
  const proof = await log.generateInclusionProof(5, 8, read);
  const isIncluded = await log.verifyInclusion(5, 8, leafHashes[5], proof, roots[7]);
  const keys = await log.generateKeyPair('wrenchmark.example/log');
  const note = await log.signCheckpoint({ origin: 'wrenchmark.example/log', size: 8, rootHash: roots[7] }, await log.parseSignerKey(keys.signerKey));
  const ours = await log.verifyCheckpoint(note, [await log.parseVerifierKey(keys.verifierKey)], 'wrenchmark.example/log');
  return {
    isSecureContext: window.isSecureContext,
    signed,
    openedText: opened.text,
    tampered,
    sumdbSize: sumdb.size,
    roots: roots.map(log.encodeHex),
    proof: proof.map(log.encodeHex),
    isIncluded,
    ourSize: ours.size,
  };
};
`;

let browser: Browser | undefined;
let script = '';

beforeAll(async () => {
  const bundled = await build({
    stdin: { contents: ENTRY, resolveDir: import.meta.dirname, sourcefile: 'entry.ts', loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    write: false,
    absWorkingDir: path.resolve(import.meta.dirname, '../../../..'),
  });
  script = bundled.outputFiles[0]?.text ?? '';
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the transparency log in the browser', () => {
  it('reproduces the published signatures, checkpoints, roots and proofs with Chromium WebCrypto', async () => {
    if (!browser) throw new Error('Chromium did not launch');
    const page = await browser.newPage();
    // localhost is a secure context, which WebCrypto requires; the route answers without any network.
    await page.route('http://localhost/check', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>check</title>' }),
    );
    await page.goto('http://localhost/check');
    await page.addScriptTag({ content: script });
    const { GO_NOTE, REFERENCE_TREE } = await import('./vectors.js');
    const result = await page.evaluate(() =>
      (window as unknown as { runVectors: () => Promise<Record<string, unknown>> }).runVectors(),
    );
    expect(result).toEqual({
      isSecureContext: true,
      signed: `${GO_NOTE.text}\n${GO_NOTE.peterSignature}`,
      openedText: GO_NOTE.text,
      tampered: 'invalid_signature',
      sumdbSize: 6,
      roots: REFERENCE_TREE.roots,
      proof: REFERENCE_TREE.inclusionProofs.find(({ index, size }) => index === 5 && size === 8)?.proof,
      isIncluded: true,
      ourSize: 8,
    });
  });
});
