import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeUtf8,
  generateKeyPair,
  MAX_NOTE_SIGNATURES,
  parseSignerKey,
  parseVerifierKey,
  signNote,
  TransparencyLogError,
  verifyNote,
} from '../../src/transparency-log/index.js';
import { GO_NOTE } from './vectors.js';

const { text, peterSignature, enochSignature } = GO_NOTE;

async function refusal(promise: Promise<unknown>): Promise<TransparencyLogError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TransparencyLogError))
    throw new Error(`expected a TransparencyLogError, got ${String(error)}`);
  return error;
}

describe('note keys', () => {
  it("reads Go's PeterNeumann verifier and signer keys, which share a key id", async () => {
    const verifier = await parseVerifierKey(GO_NOTE.peterVerifierKey);
    const signer = await parseSignerKey(GO_NOTE.peterSignerKey);
    expect(verifier).toMatchObject({ name: 'PeterNeumann', keyId: 0xc74f20a3, text: GO_NOTE.peterVerifierKey });
    expect(signer).toMatchObject({ name: 'PeterNeumann', keyId: 0xc74f20a3 });
    expect(signer.publicKey).toEqual(verifier.publicKey);
    expect(signer.cryptoKey.extractable).toBe(false);
  });

  it('refuses every truncation and every one-character change of a verifier key', async () => {
    const key = GO_NOTE.peterVerifierKey;
    const mangled: string[] = [];
    for (let i = 0; i <= key.length; i += 1)
      for (let j = i + 1; j <= key.length; j += 1) if (i !== 0 || j !== key.length) mangled.push(key.slice(i, j));
    for (let i = 0; i < key.length; i += 1)
      mangled.push(key.slice(0, i) + String.fromCharCode(key.charCodeAt(i) + 1) + key.slice(i + 1));
    const accepted: string[] = [];
    for (const candidate of [...mangled, ...GO_NOTE.badVerifierKeys]) {
      if (
        await parseVerifierKey(candidate).then(
          () => true,
          () => false,
        )
      )
        accepted.push(candidate);
    }
    expect(accepted).toEqual([]);
  });

  it('refuses every truncation and every one-character change of a signer key', async () => {
    const key = GO_NOTE.peterSignerKey;
    const mangled: string[] = [];
    for (let i = 0; i < key.length; i += 1)
      mangled.push(
        key.slice(0, i),
        key.slice(i + 1),
        key.slice(0, i) + String.fromCharCode(key.charCodeAt(i) + 1) + key.slice(i + 1),
      );
    const accepted: string[] = [];
    for (const candidate of mangled)
      if (
        await parseSignerKey(candidate).then(
          () => true,
          () => false,
        )
      )
        accepted.push(candidate);
    expect(accepted).toEqual([]);
  });

  it('says what is wrong with a malformed key', async () => {
    expect((await refusal(parseVerifierKey('PeterNeumann'))).message).toBe(
      'verifier key must read <name>+<key id>+<key>',
    );
    expect((await refusal(parseVerifierKey(GO_NOTE.badVerifierKeys[1]!))).message).toBe(
      'verifier key is not an Ed25519 (type 0x01) key',
    );
    expect((await refusal(parseVerifierKey(GO_NOTE.peterVerifierKey.replace('c74f20a3', 'c74f20a4')))).message).toBe(
      'verifier key id does not match its name and key',
    );
    expect((await refusal(parseSignerKey(GO_NOTE.peterVerifierKey))).code).toBe('malformed_key');
  });

  it('generates key pairs whose two halves belong together and sign notes that verify', async () => {
    const { signerKey, verifierKey } = await generateKeyPair('wrenchmark.example/log');
    expect(signerKey).toMatch(/^PRIVATE\+KEY\+wrenchmark\.example\/log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    expect(verifierKey).toMatch(/^wrenchmark\.example\/log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    const signer = await parseSignerKey(signerKey);
    const verifier = await parseVerifierKey(verifierKey);
    expect(signer.keyId).toBe(verifier.keyId);
    const note = await signNote('hello\n', [signer]);
    expect((await verifyNote(note, [verifier])).text).toBe('hello\n');
    expect((await generateKeyPair('wrenchmark.example/log')).verifierKey).not.toBe(verifierKey);
    await expect(generateKeyPair('has space')).rejects.toThrow('key name must be non-empty, with no spaces or +');
  });
});

describe('signing notes', () => {
  it("produces Go's signed note byte for byte", async () => {
    const signer = await parseSignerKey(GO_NOTE.peterSignerKey);
    expect(await signNote(text, [signer])).toBe(`${text}\n${peterSignature}`);
  });

  it('round-trips any text of lines, blank lines included, and refuses it once a character is added', async () => {
    const signer = await parseSignerKey(GO_NOTE.peterSignerKey);
    const peter = await parseVerifierKey(GO_NOTE.peterVerifierKey);
    const line = fc
      .string({ unit: 'grapheme', maxLength: 20 })
      .filter((value) => [...value].every((char) => (char.codePointAt(0) ?? 0) >= 0x20));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 6 }), async (lines) => {
        const noteText = `${lines.join('\n')}\n`;
        const note = await signNote(noteText, [signer]);
        if ((await verifyNote(note, [peter])).text !== noteText) return false;
        const changed = `${noteText.slice(0, -1)}~\n`;
        const error = await refusal(verifyNote(`${changed}${note.slice(noteText.length)}`, [peter]));
        return error.code === 'invalid_signature';
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a text without its final newline or with a control character', async () => {
    const signer = await parseSignerKey(GO_NOTE.peterSignerKey);
    expect((await refusal(signNote('abc', [signer]))).message).toBe('note text must end with a newline');
    expect((await refusal(signNote('a\tb\n', [signer]))).message).toBe('note contains a control character');
  });
});

describe('verifying notes', () => {
  it("verifies Go's note with the PeterNeumann key and ignores the unknown EnochRoot signature", async () => {
    const peter = await parseVerifierKey(GO_NOTE.peterVerifierKey);
    const note = await verifyNote(`${text}\n${peterSignature}${enochSignature}`, [peter]);
    expect(note.text).toBe(text);
    expect(note.verifiedBy.map((key) => key.name)).toEqual(['PeterNeumann']);
    expect(note.unknownSignatures.map(({ name, keyId }) => [name, keyId])).toEqual([['EnochRoot', 0xaf0cfe78]]);
  });

  it('verifies both signatures when both keys are known, and reads a note given as bytes', async () => {
    const keys = await Promise.all([
      parseVerifierKey(GO_NOTE.peterVerifierKey),
      parseVerifierKey(GO_NOTE.enochVerifierKey),
    ]);
    const note = await verifyNote(encodeUtf8(`${text}\n${peterSignature}${enochSignature}`), keys);
    expect(note.verifiedBy.map((key) => key.name)).toEqual(['PeterNeumann', 'EnochRoot']);
  });

  it('refuses a note that no known key signed', async () => {
    const error = await refusal(verifyNote(`${text}\n${peterSignature}${enochSignature}`, []));
    expect([error.code, error.message]).toEqual(['no_known_signature', 'no signature on the note is by a known key']);
  });

  it('refuses the whole note when a known key signature fails', async () => {
    const peter = await parseVerifierKey(GO_NOTE.peterVerifierKey);
    const broken = `${text}\n${peterSignature.slice(0, 60)}ABCD${peterSignature.slice(60)}`;
    const error = await refusal(verifyNote(broken, [peter]));
    expect([error.code, error.message]).toEqual([
      'invalid_signature',
      'the signature by PeterNeumann+c74f20a3 does not verify',
    ]);
    const changedText = await refusal(
      verifyNote(`${text.replace('cryptography', 'cryptographY')}\n${peterSignature}`, [peter]),
    );
    expect(changedText.code).toBe('invalid_signature');
  });

  it('ignores a signature that shares only the name or only the key id of a known key', async () => {
    const peter = await parseVerifierKey(GO_NOTE.peterVerifierKey);
    const renamed = peterSignature.replace('PeterNeumann', 'CarmenSandiego');
    const rehashed = peterSignature.replace('x08g', 'xxxx');
    expect((await refusal(verifyNote(`${text}\n${renamed}`, [peter]))).code).toBe('no_known_signature');
    expect((await refusal(verifyNote(`${text}\n${rehashed}`, [peter]))).code).toBe('no_known_signature');
  });

  it('refuses a verifier list naming two different keys with one name and id, once a signature needs them', async () => {
    const peter = await parseVerifierKey(GO_NOTE.peterVerifierKey);
    const impostor = { ...peter, text: `${peter.text}x` };
    expect((await refusal(verifyNote(`${text}\n${peterSignature}`, [peter, impostor]))).code).toBe('ambiguous_key');
    expect((await verifyNote(`${text}\n${peterSignature}`, [peter, peter])).verifiedBy).toHaveLength(1);
  });

  it(`accepts ${MAX_NOTE_SIGNATURES} signatures and refuses one more`, async () => {
    const peter = await parseVerifierKey(GO_NOTE.peterVerifierKey);
    expect(
      (await verifyNote(`${text}\n${peterSignature.repeat(MAX_NOTE_SIGNATURES)}`, [peter])).verifiedBy,
    ).toHaveLength(1);
    const error = await refusal(verifyNote(`${text}\n${peterSignature.repeat(MAX_NOTE_SIGNATURES + 1)}`, [peter]));
    expect([error.code, error.message]).toEqual([
      'malformed_note',
      `note has more than ${MAX_NOTE_SIGNATURES} signatures`,
    ]);
  });

  it.each([
    ['no signature block', text, 'note has no blank line before its signatures'],
    ['a blank line and nothing after', `${text}\n`, 'note must end with signature lines, each ending in a newline'],
    [
      'a signature without its newline',
      `${text}\n${peterSignature.slice(0, -1)}`,
      'note must end with signature lines, each ending in a newline',
    ],
    ['a control character', `\u0001${text}\n${peterSignature}`, 'note contains a control character'],
    [
      'a key name with a space',
      `${text}\n\u2014 Bad Name x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`,
      'signature by Bad is not base64 of a key id and a signature',
    ],
    [
      'a line after the signatures',
      `${text}\n${peterSignature}Unexpected line.\n`,
      'every line after the blank line must be a signature starting with "— "',
    ],
    ['a lone surrogate', `\ud800${text}\n${peterSignature}`, 'note is not valid UTF-8'],
  ])('refuses a note with %s', async (_case, note, message) => {
    const peter = await parseVerifierKey(GO_NOTE.peterVerifierKey);
    const error = await refusal(verifyNote(note, [peter]));
    expect([error.code, error.message]).toEqual(['malformed_note', message]);
  });

  it('refuses bytes that are not UTF-8', async () => {
    const peter = await parseVerifierKey(GO_NOTE.peterVerifierKey);
    const bytes = Uint8Array.of(0xff, ...encodeUtf8(`${text}\n${peterSignature}`));
    expect((await refusal(verifyNote(bytes, [peter]))).message).toBe('note is not valid UTF-8');
  });
});
