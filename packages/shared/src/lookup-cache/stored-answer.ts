import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants } from 'node:zlib';
import { etagOf, type LookupAnswer } from './answer.js';

/**
 * A published answer's bytes in Redis (README.md beside this file, "Encoding"): a line feed, then the body
 * brotli-compressed, as the gateway sends it to a client that accepts br. Its ETag is not stored: the body's is
 * computed again when it is sent decoded, the compressed bytes' when it is sent as it is (a sub-microsecond SHA-1 of
 * some 600 bytes), which keeps a vehicle's value within 640 bytes of Redis's allocator (docs/capacity.md).
 *
 * The format before it, which a rolling deploy may still find (written by an older records, for a day at most), is
 * the ETag, a line feed, then the body uncompressed: it is read and sent uncompressed. An older gateway finds a line
 * feed first in the new format, reads no ETag and asks records: never a compressed body sent as plain JSON.
 */
export const BROTLI_MARK = 10;

/**
 * Quality 10, measured (bench/README.md, "Current figures"): 1.5 ms of CPU for a 2.5 KB answer, against
 * 3.4 ms at 11 for a body less than 1 % larger; below 10 they are 7 % larger, past 640 bytes.
 */
export const BROTLI_QUALITY = 10;

const compress = promisify(brotliCompress);

/**
 * How records stores the answers it publishes: `br`, compressed (this format, the default), or `plain`, the format
 * before it (ETag, line feed, body), which Redis holds at some 3.5 times the bytes and records writes without
 * compressing. The gateway reads both; `plain` is what bench:lookup serves beside `br` to measure, in one run, what
 * compression changes for the lookup (bench/README.md, "Current figures").
 */
export type AnswerEncoding = 'br' | 'plain';
export const ANSWER_ENCODINGS = ['br', 'plain'] as const satisfies readonly AnswerEncoding[];

/** The bytes published for an answer: compressed off the event loop (zlib's thread pool), unless `plain`. */
export async function encodeSharedAnswer(answer: LookupAnswer, encoding: AnswerEncoding = 'br'): Promise<Buffer> {
  const { body } = answer;
  if (encoding === 'plain') return Buffer.concat([Buffer.from(`${answer.etag}\n`, 'latin1'), body]);
  const compressed = await compress(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  return Buffer.concat([Buffer.of(BROTLI_MARK), compressed]);
}

/** An answer as one client gets it: its body as sent, that body's strong ETag, and whether it is brotli-compressed. */
export interface AnswerRepresentation extends LookupAnswer {
  brotli: boolean;
}

/**
 * The answer a stored value holds, as it is sent to a client that accepts br (`brotli`: as stored) or to one that
 * does not (decoded); null when it is neither format (nothing is sent from it: records is asked).
 */
export function representationOf(stored: Buffer, brotli: boolean): AnswerRepresentation | null {
  if (stored.length === 0) return null;
  if (stored[0] !== BROTLI_MARK) {
    const end = stored.indexOf(10);
    if (end <= 0) return null;
    return { etag: stored.toString('latin1', 0, end), body: stored.subarray(end + 1), brotli: false };
  }
  const compressed = stored.subarray(1);
  if (brotli) return { etag: `"${hash('sha1', compressed, 'base64url')}"`, body: compressed, brotli: true };
  let body: Buffer;
  try {
    body = brotliDecompressSync(compressed);
  } catch {
    return null;
  }
  return { etag: etagOf(body), body, brotli: false };
}

/**
 * The decoded answer a stored value holds, its body as records builds it (JSON) and that body's ETag, whichever
 * format it is in; null when it is neither. For a reader of published answers that wants the JSON.
 */
export function decodeSharedAnswer(stored: Buffer): LookupAnswer | null {
  const decoded = representationOf(stored, false);
  return decoded && { etag: decoded.etag, body: decoded.body };
}
