import { describe, expect, it } from 'vitest';
import {
  asFieldCommitment,
  checkDisclosure,
  commitField,
  fieldCommitmentMessage,
  valueAtPath,
} from '../../src/transparency-log/index.js';

// Expected hashes computed outside this code: Python's hashlib.sha256 over
// json.dumps({'salt': SALT, 'value': v}, ensure_ascii=False, separators=(',', ':')).encode(), which is the RFC 8785
// form of these two-string objects.
const SALT = '00112233445566778899aabbccddeeff';
const VECTORS: Array<[string | null, string]> = [
  ['Sam Patel', 'af0359f1f9c2d847ba8cd6d960036aff6cfcdf5c7a4550971750bd4f3ca9f542'],
  [null, '06ce65f087da4d21f2f7550008e996a0e8203055999b418582ac243fa9671d46'],
  ['Zoë "quoted"\n', '47c78f42a1b6bbdc2a2b76b769ff24ac23c5c8c29ec8355e48c5aef7f9e035ff'],
];

describe('salted field commitments', () => {
  it.each(VECTORS)('commits to %j as an independent SHA-256 of its canonical JSON does', async (value, expected) => {
    expect(await commitField(SALT, value)).toBe(expected);
  });

  it('refuses a salt that is not 32 lowercase hex digits', () => {
    expect(() => fieldCommitmentMessage('ABCDEF', 'x')).toThrow(TypeError);
    expect(() => fieldCommitmentMessage(SALT.toUpperCase(), 'x')).toThrow(TypeError);
  });

  it('reads commitments and paths, and checks a disclosure against its content', async () => {
    const content = {
      record: { notes: { commitment: VECTORS[0]![1] }, mileage: 100 },
      amendment: { changes: [{ to: { commitment: VECTORS[1]![1] } }] },
    };
    expect(valueAtPath(content, 'amendment.changes.0.to')).toEqual({ commitment: VECTORS[1]![1] });
    expect(valueAtPath(content, 'record.missing.deeper')).toBeUndefined();
    expect(asFieldCommitment(content.record.mileage)).toBeNull();
    expect(asFieldCommitment({ commitment: 'short' })).toBeNull();
    expect(await checkDisclosure(content, { path: 'record.notes', value: 'Sam Patel', salt: SALT })).toBeNull();
    expect(await checkDisclosure(content, { path: 'amendment.changes.0.to', value: null, salt: SALT })).toBeNull();
    expect(await checkDisclosure(content, { path: 'record.notes', value: 'Sam Patell', salt: SALT })).toBe(
      'record.notes does not match what the entry sealed',
    );
    expect(await checkDisclosure(content, { path: 'record.mileage', value: '100', salt: SALT })).toBe(
      'record.mileage is not a sealed field of the entry',
    );
    expect(await checkDisclosure(content, { path: 'record.notes', value: 'Sam Patel', salt: 'nope' })).toBe(
      'the salt of record.notes is malformed',
    );
  });
});
