/**
 * The fuzz test's generators (fast-check): bad requests for one operation of the OpenAPI document. A request
 * is the operation's method and path with junk in what a caller controls: path parameters, the query (its
 * declared parameters near their limits, page cursors holding impossible dates, timestamps and ids, or junk), the
 * body (built from the operation's JSON schema: missing, extra and wrongly typed fields, huge strings up to
 * ~100 KB, unicode with lone surrogates and RTL / zero-width characters, nested junk, raw broken JSON, odd
 * content types and encodings) and the headers (bad or forged bearer tokens, bad Stripe-Signature headers). An
 * operation that needs a signed-in caller mostly gets a valid token of a role allowed to call it (the fuzz test puts
 * it on as it sends), so that the junk reaches the operation's own code.
 */
import { createHmac, createSign, type KeyObject } from 'node:crypto';
import { deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { BEST_TIMES, CONTACT_SUBJECTS } from '@sh/shared/contract';
import { mayCarryValidToken } from './fuzz-guards.js';
import { API_BASE, type FuzzRole, type FuzzTarget, type JsonSchema } from './fuzz-targets.js';

/** One request to send. */
export interface FuzzCase {
  /** Which generator made it, for the summary and for reading a failure. */
  kind: string;
  method: string;
  /** The request target, already encoded: printable ASCII only (0x21-0x7e), as HTTP requires. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The value the body was made from, when it was made from one (the write guards look at it). */
  value?: unknown;
  /** The path parameters as sent (percent-encoded), by name (the write guards look at them). */
  params: Record<string, string>;
  /** Sent with a valid access token of this role, put on when it is sent (Authorization is then not in headers). */
  signedInAs?: FuzzRole;
}

/** What some generators need from the running platform and the data. */
export interface FuzzContext {
  /** identity's RS256 public key (PEM), for the algorithm-confusion forgery (HS256 keyed with it). */
  identityPublicKey: string;
  /** An RSA private key that is not identity's, for tokens with a well-formed but forged signature. */
  forgedKey: KeyObject;
  /** The webhook secret of the e2e stack, used only to sign stale or mismatched events. */
  stripeSecret: string;
  knownEmails: string[];
  knownReferralCodes: string[];
  fixtureCompanyNumbers: string[];
  fixtureCompanyNames: string[];
  knownRegistrations: string[];
  /** Ids of users, garages and records that exist, for path parameters and cursors that name something real. */
  knownIds: string[];
}

/** Node refuses to send a request whose request line and headers exceed 16 KB; stay well inside. */
const MAX_PATH_CHARS = 6000;
const MAX_AUTH_CHARS = 6000;
const MAX_HEADER_CHARS = 1000;
/** Huge bodies go a little past express's 100 KB limit, so that both sides of it are tried. */
const MAX_BODY_BYTES = 110_000;

// ---------------------------------------------------------------------------------------------------------
// Strings

/** Right-to-left and invisible characters: bidi overrides and isolates, marks, zero-width, BOM, soft hyphen. */
const BIDI_AND_INVISIBLE = [
  '\u202E',
  '\u202D',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u180E',
  '\u034F',
];

/** Pieces that have broken parsers, databases and templates before. */
const NASTY_PIECES = [
  '\u0000',
  '\u0001',
  '\u001b[31m',
  '\r\n',
  '\n',
  '\t',
  '\u2028',
  '\u2029',
  '\u0085',
  '\uFFFD',
  '\uFFFE',
  '\uFFFF',
  '\uD83D\uDE00',
  '\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67',
  '\u0301\u0301\u0301',
  'Z\u0351\u0360\u0364a\u0364\u0355',
  '\uFDFA',
  '\u05E9\u05DC\u05D5\u05DD',
  '\u0645\u0631\u062D\u0628\u0627',
  '\u202Egnp.exe',
  'İı',
  'ß',
  'ﬃ',
  '\u212A',
  '\\',
  '"',
  "'",
  '`',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '%s%n',
  '%00',
  '%',
  '../../etc/passwd',
  '..\\..',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '$where',
  '{"$ne":null}',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '1e309',
  '0x1F',
  '__proto__',
  'constructor',
  ' ',
  '   ',
  '\u00A0',
  '\u3000',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

const piece = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }),
  fc.constantFrom(...NASTY_PIECES),
  fc.constantFrom(...BIDI_AND_INVISIBLE),
  loneSurrogate,
);

/** Short strings of unicode junk: graphemes, any code point, control characters, lone surrogates, RTL, zero-width. */
export const weirdText: fc.Arbitrary<string> = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(''));

/** A string whose JSON form is about `bytes` long, made by repeating one junk piece (a split surrogate included). */
function repeatToJsonBytes(unit: string, bytes: number): string {
  const perUnit = Math.max(1, Buffer.byteLength(JSON.stringify(unit), 'utf8') - 2);
  return unit.repeat(Math.max(1, Math.floor(bytes / perUnit)));
}

const hugeUnit = piece.filter((s) => s.length > 0);
const hugeSize = fc.integer({ min: 1_000, max: MAX_BODY_BYTES - 200 });

/** A huge string of about `bytes` in JSON; cutting its last code unit can leave half of a surrogate pair. */
const hugeString = (unit: string, bytes: number, cut: boolean): string => {
  const text = repeatToJsonBytes(unit, bytes);
  return cut ? text.slice(0, text.length - 1) : text;
};

/** Huge strings, from 1 KB to a little over the 100 KB body limit once in JSON. */
const hugeText = fc.tuple(hugeUnit, hugeSize, fc.boolean()).map(([unit, bytes, cut]) => hugeString(unit, bytes, cut));

// ---------------------------------------------------------------------------------------------------------
// JSON junk

const junkScalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, Number.MIN_VALUE),
  weirdText,
);

const weirdKey = fc.oneof(
  fc.string({ maxLength: 10 }),
  weirdText,
  fc.constantFrom(
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    'toJSON',
    'length',
    'hasOwnProperty',
    '',
    ' ',
    'status',
    'code',
    'data',
    'role',
    'admin',
    'id',
    'user_id',
    'garage_id',
    'submitted_by',
    '$where',
    '$ne',
  ),
);

/** Nested junk: scalars, arrays and objects of junk, a few levels deep. */
export const junk: fc.Arbitrary<unknown> = fc.letrec<{
  value: unknown;
  list: unknown[];
  dict: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof({ depthSize: 'small', maxDepth: 4 }, junkScalar, tie('list'), tie('dict')),
  list: fc.array(tie('value'), { maxLength: 5 }),
  dict: fc.dictionary(weirdKey, tie('value'), { maxKeys: 5 }),
})).value;

/** Arrays or objects nested hundreds to thousands of levels deep. */
const deepValue = fc.tuple(fc.integer({ min: 50, max: 3_000 }), fc.boolean()).map(([depth, asArrays]) => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = asArrays ? [value] : { a: value };
  return value;
});

/** Objects that pass for strings or arrays where code looks at `.length`, or turn into a string badly. */
const lookalike = fc.constantFrom<unknown>(
  { length: { toString: 1, valueOf: 1 } },
  { length: { toString: {}, valueOf: [] } },
  { length: 1e9 },
  { length: -1 },
  { length: '12' },
  { length: null },
  { toString: 'x', valueOf: 'y' },
  { toJSON: 1, length: 3, 0: 'a', 1: 'b', 2: 'c' },
  ['a', 'b'],
  [['x']],
);

/** Wrong types for a string field, from null to nested junk. */
const wrongType = fc.oneof(
  lookalike,
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.array(junkScalar, { maxLength: 4 }),
  fc.dictionary(weirdKey, junkScalar, { maxKeys: 3 }),
  junk,
  deepValue,
);

// ---------------------------------------------------------------------------------------------------------
// Bodies from the operation's JSON schema

const boundary = (length: number) =>
  fc.constantFrom('a', 'Z', '\u00e9', '\uD83D\uDE00').map((c) => c.repeat(Math.max(0, length)));

/** Believable values for a field, from its name and schema, near and at its limits. */
function plausibleField(name: string, schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  const key = name.toLowerCase();
  if (schema.enum && schema.enum.length > 0) {
    options.push(
      fc.constantFrom(...schema.enum),
      fc.constantFrom(...schema.enum).map((v) => (typeof v === 'string' ? ` ${v.toUpperCase()}\u200B` : v)),
    );
  } else if (key.includes('email')) {
    options.push(
      fc.emailAddress(),
      fc.emailAddress().map((e) => ` ${e.toUpperCase()} `),
      fc.constantFrom(
        'a@b',
        '@example.com',
        'a@@b.co',
        'a b@c.co',
        'x@localhost',
        'a@b.c\u0000',
        'ex\u202Eample@evil.co',
        `${'a'.repeat(250)}@b.co`,
      ),
    );
    if (ctx.knownEmails.length > 0)
      options.push(
        fc.constantFrom(...ctx.knownEmails),
        fc.constantFrom(...ctx.knownEmails).map((e) => `  ${e.toUpperCase()}`),
      );
  } else if (key.includes('password')) {
    options.push(
      fc.string({ minLength: 6, maxLength: 40 }).map((s) => `${s}A`),
      fc.constantFrom('', 'short', 'nouppercase1'),
      boundary(1024),
      boundary(1025),
    );
  } else if (key.includes('phone')) {
    options.push(
      fc.stringMatching(/^0\d{10}$/),
      fc.stringMatching(/^0\d{4} \d{3} \d{3}$/),
      fc.constantFrom(
        '+441632960777',
        '0163296077',
        '016329607777',
        '0163296077x',
        '01632\u0660960777',
        '\uFF10\uFF11632960777',
      ),
    );
  } else if ((key.includes('company') && key.includes('number')) || key === 'companies_house_number') {
    options.push(
      fc.stringMatching(/^[A-Z0-9]{8}$/),
      fc.stringMatching(/^\d{1,7}$/),
      fc.stringMatching(/^[a-z]{2}\d{6}$/),
      fc.constantFrom(...ctx.fixtureCompanyNumbers),
      fc.constantFrom(...ctx.fixtureCompanyNumbers).map((n) => ` ${n.slice(0, 4)} ${n.slice(4)}\u00A0`),
    );
  } else if (key.includes('referral')) {
    options.push(fc.stringMatching(/^GAR-[A-Z0-9]{8}$/), fc.constantFrom('', 'gar-', 'GAR-'));
    if (ctx.knownReferralCodes.length > 0)
      options.push(
        fc.constantFrom(...ctx.knownReferralCodes),
        fc.constantFrom(...ctx.knownReferralCodes).map((c) => ` ${c.toLowerCase()} `),
      );
  } else if (key.includes('token')) {
    options.push(
      fc.stringMatching(/^[0-9a-f]{64}$/),
      fc.uuid(),
      fc.base64String({ minLength: 4, maxLength: 60 }),
      fc.constantFrom('', ' ', 'null'),
    );
  } else if (key === 'subject') {
    options.push(
      fc.constantFrom(...CONTACT_SUBJECTS),
      fc.constantFrom(...CONTACT_SUBJECTS).map((s) => s.toUpperCase()),
    );
  } else if (key === 'best_time') {
    options.push(fc.constantFrom(...BEST_TIMES));
  } else if (key.includes('name') && ctx.fixtureCompanyNames.length > 0) {
    options.push(fc.constantFrom(...ctx.fixtureCompanyNames), fc.string({ minLength: 1, maxLength: 60 }));
  }
  const min = schema.minLength ?? 0;
  options.push(fc.string({ minLength: min, maxLength: min + 30 }));
  if (schema.maxLength !== undefined) options.push(boundary(schema.maxLength), boundary(schema.maxLength + 1));
  if (schema.minLength !== undefined && schema.minLength > 0) options.push(boundary(schema.minLength - 1));
  if (schema.nullable) options.push(fc.constant(null));
  return fc.oneof(...options);
}

type Field = { present: false } | { present: true; value: unknown };

/** Objects shaped by the schema with some fields missing, wrongly typed or junk, and extra fields. */
function schemaBody(schema: JsonSchema | undefined, ctx: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema?.properties ?? {});
  const fieldArbitraries = properties.map(([name, property]) =>
    fc.oneof(
      { weight: 6, arbitrary: plausibleField(name, property, ctx).map((value): Field => ({ present: true, value })) },
      { weight: 2, arbitrary: wrongType.map((value): Field => ({ present: true, value })) },
      { weight: 1, arbitrary: weirdText.map((value): Field => ({ present: true, value })) },
      { weight: 1, arbitrary: fc.constant<Field>({ present: false }) },
    ),
  );
  const extras = fc.option(fc.dictionary(weirdKey, junk, { minKeys: 1, maxKeys: 4 }), { freq: 3 });
  return fc.tuple(fc.tuple(...fieldArbitraries), extras, fc.boolean()).map(([fields, extra, extrasFirst]) => {
    const body: Record<string, unknown> = {};
    properties.forEach(([name], i) => {
      const field = fields[i]!;
      if (field.present) body[name] = field.value;
    });
    if (!extra) return body;
    return extrasFirst ? { ...extra, ...body } : { ...body, ...extra };
  });
}

/** A schema-shaped body with one field (or a new one) replaced by a huge string. */
function hugeBody(schema: JsonSchema | undefined, ctx: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema?.properties ?? {});
  return fc
    .tuple(schemaBody(schema, ctx), fc.constantFrom(...names, 'extra'), hugeUnit, hugeSize, fc.boolean())
    .map(([body, name, unit, bytes, cut]) => {
      const room = bytes - Buffer.byteLength(JSON.stringify({ ...body, [name]: '' }), 'utf8');
      return { ...body, [name]: hugeString(unit, Math.max(1_000, room), cut) };
    });
}

/** Bytes that are not quite JSON, or JSON meant to trip a parser. */
function rawBodies(schema: JsonSchema | undefined, ctx: FuzzContext): fc.Arbitrary<{ kind: string; bytes: Buffer }> {
  const names = Object.keys(schema?.properties ?? {});
  const field = fc.constantFrom(...names, 'email', 'role');
  const text = (kind: string, arbitrary: fc.Arbitrary<string>) =>
    arbitrary.map((s) => ({ kind, bytes: Buffer.from(s, 'utf8') }));
  return fc.oneof(
    text(
      'raw:broken-json',
      fc.constantFrom(
        '',
        ' ',
        '{',
        '}',
        '[',
        '{"',
        '{"a":',
        'null',
        'true',
        '0',
        '"text"',
        '[]',
        '{}',
        '{,}',
        '{"a":1,}',
        "{'a':1}",
        '{"a":NaN}',
        '{"a":Infinity}',
        '{"a":1e400}',
        '{"a":-0}',
        '{"a":0x10}',
        '{"a":01}',
        '/* c */{}',
        '{"a":"\\ud800"}',
        '{"a":"\\udfff\\ud800"}',
        '{"a":"\\u0000"}',
        '{"a":"\\x41"}',
        '{"a":"\\uZZZZ"}',
        '\uFEFF{}',
        'undefined',
        '{"a":undefined}',
        '{"a"}',
        '[}',
        '{]',
        '\u0000',
        '{"a":"b"}garbage',
      ),
    ),
    text(
      'raw:prototype-pollution',
      field.map(
        (f) =>
          `{"__proto__":{"${f}":"x","role":"admin","isAdmin":true},"constructor":{"prototype":{"${f}":"y"}},"${f}":{"__proto__":{"length":1}}}`,
      ),
    ),
    text(
      'raw:duplicate-keys',
      fc
        .tuple(field, weirdText, junk)
        .map(([f, a, b]) => `{"${f}":${JSON.stringify(a)},"${f}":${JSON.stringify(b) ?? 'null'}}`),
    ),
    text(
      'raw:deep-nesting',
      fc
        .tuple(fc.integer({ min: 100, max: 50_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
        .map(([levels, open, closed]) => {
          const depth = Math.min(levels, Math.floor(MAX_BODY_BYTES / (open.length + 1)));
          const close = open === '[' ? ']' : '}';
          return open.repeat(depth) + (closed ? `1${close.repeat(depth)}` : '');
        }),
    ),
    text(
      'raw:huge-number',
      fc.integer({ min: 400, max: 20_000 }).map((digits) => `{"${names[0] ?? 'a'}":${'9'.repeat(digits)}}`),
    ),
    text(
      'raw:truncated',
      schemaBody(schema, ctx).chain((body) => {
        const json = JSON.stringify(body);
        return fc.nat({ max: Math.max(0, json.length - 1) }).map((n) => json.slice(0, n));
      }),
    ),
    text(
      'raw:unescaped-control',
      fc.tuple(field, fc.constantFrom('\n', '\t', '\u0001', '\u001f', '\u0000')).map(([f, c]) => `{"${f}":"a${c}b"}`),
    ),
    fc
      .tuple(
        field,
        fc.uint8Array({ minLength: 1, maxLength: 24 }),
        fc.constantFrom([0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xff, 0xfe], [0xe0, 0x80], [0xf4, 0x90, 0x80, 0x80], []),
      )
      .map(([f, bytes, bad]) => ({
        kind: 'raw:invalid-utf8',
        bytes: Buffer.concat([Buffer.from(`{"${f}":"`), Buffer.from(bytes), Buffer.from(bad), Buffer.from('"}')]),
      })),
  );
}

/** Content types a careless or hostile client sends, some of which express's parser takes and some it refuses. */
const ODD_CONTENT_TYPES = [
  null,
  '',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '*/*',
  'application/json; charset=utf-8',
  'application/JSON',
  'application/json; charset="UTF-8"',
  'application/json;;;',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/json; charset=utf-16',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'application/json; charset=iso-8859-1',
  'application/json; charset=utf-7',
  'application/json; charset=nonsense',
  'application/json; charset=',
  'application/json\u00e9',
  'application/json; boundary=\u00ff',
];

interface BodyChoice {
  kind: string;
  bytes?: Buffer;
  value?: unknown;
  contentType?: string | null;
  contentEncoding?: string;
}

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');

/** Bodies for an operation that takes one: JSON of junk and of schema mutants, raw bytes, odd types and encodings. */
function bodyChoice(
  schema: JsonSchema | undefined,
  ctx: FuzzContext,
  shaped: fc.Arbitrary<unknown> = schemaBody(schema, ctx),
): fc.Arbitrary<BodyChoice> {
  return fc.oneof(
    { weight: 10, arbitrary: shaped.map((value) => ({ kind: 'body:schema-mutant', bytes: json(value), value })) },
    {
      weight: 2,
      arbitrary: hugeBody(schema, ctx).map((value) => ({ kind: 'body:huge-field', bytes: json(value), value })),
    },
    { weight: 1, arbitrary: hugeText.map((value) => ({ kind: 'body:huge-string', bytes: json(value), value })) },
    { weight: 3, arbitrary: junk.map((value) => ({ kind: 'body:junk-json', bytes: json(value), value })) },
    { weight: 1, arbitrary: deepValue.map((value) => ({ kind: 'body:deep-json', bytes: json(value), value })) },
    { weight: 3, arbitrary: rawBodies(schema, ctx) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom(...ODD_CONTENT_TYPES))
        .map(([value, contentType]) => ({ kind: 'body:content-type', bytes: json(value), value, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          shaped,
          fc.constantFrom('gzip', 'deflate', 'gzip-junk', 'br-junk', 'x-unknown', 'identity', 'gzip, gzip'),
        )
        .map(([value, encoding]) => {
          const plain = json(value);
          if (encoding === 'gzip')
            return { kind: 'body:encoding', bytes: gzipSync(plain), value, contentEncoding: 'gzip' };
          if (encoding === 'deflate')
            return { kind: 'body:encoding', bytes: deflateSync(plain), value, contentEncoding: 'deflate' };
          if (encoding === 'gzip-junk') return { kind: 'body:encoding', bytes: plain, value, contentEncoding: 'gzip' };
          if (encoding === 'br-junk') return { kind: 'body:encoding', bytes: plain, value, contentEncoding: 'br' };
          return { kind: 'body:encoding', bytes: plain, value, contentEncoding: encoding };
        }),
    },
  );
}

/** GET calls take no body: most have none, some carry junk anyway. */
function getBodyChoice(ctx: FuzzContext): fc.Arbitrary<BodyChoice> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({ kind: 'body:none' }) },
    { weight: 1, arbitrary: bodyChoice(undefined, ctx, junk) },
  );
}

// ---------------------------------------------------------------------------------------------------------
// Paths and queries

/** Percent-encodes a string's UTF-8 bytes (a lone surrogate becomes U+FFFD's bytes, as any client sends it). */
function percentEncodeAll(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/**
 * Keeps printable ASCII raw (but not / ? # %) and percent-encodes the rest, as a client must: Node's HTTP parser
 * refuses a request line with raw bytes outside 0x21-0x7e with a bare 400 before any service code runs.
 */
function encodeLoosely(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const isRaw = code >= 0x21 && code <= 0x7e && char !== '/' && char !== '?' && char !== '#' && char !== '%';
    out += isRaw ? char : percentEncodeAll(char);
  }
  return out;
}

/** The request target with anything outside printable ASCII percent-encoded (escapes already there stay as they are). */
function asciiTarget(target: string): string {
  let out = '';
  for (const char of target) {
    const code = char.codePointAt(0)!;
    out += code >= 0x21 && code <= 0x7e ? char : percentEncodeAll(char);
  }
  return out;
}

/** Escapes that decode to nothing valid: truncated, non-hex, overlong, lone surrogates in UTF-8 form, encoded separators. */
const MALFORMED_ESCAPES = [
  '%',
  '%%',
  '%G1',
  '%1',
  '%E0%A4%A',
  '%E0%A4',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%C0%AF',
  '%C0%80',
  '%FF',
  '%FE%FF',
  '%00',
  '%2F',
  '%2f..%2f',
  '%2E%2E',
  '%5C',
  '%252F',
  '%25',
  ';a=b',
  '%3B',
  '%23',
  '%3F',
  ':registration',
  '*',
  '(.*)',
  '%E2%80%AE',
  '%E2%80%8B',
  '%EF%BB%BF',
  '%D8%B4%D9%83%D8%B1%D8%A7',
  '%F0%9F%98%80',
  '%F4%90%80%80',
  '%E9',
  '..',
  '.',
  '~',
  '$',
  '@',
  '!',
];

/** Ids that are, or nearly are, UUIDs: real ones, random ones, and ones spelt wrongly. */
function uuidLike(ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...ctx.knownIds,
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
      ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.uuid(), fc.constantFrom('upper', 'braces', 'no-dashes', 'short', 'long', 'urn')).map(
        ([id, how]) =>
          ({
            upper: id.toUpperCase(),
            braces: `{${id}}`,
            'no-dashes': id.replace(/-/g, ''),
            short: id.slice(0, -1),
            long: `${id}0`,
            urn: `urn:uuid:${id}`,
          })[how]!,
      ),
    },
  );
}

function pathParameter(ctx: FuzzContext, schema: JsonSchema | undefined): fc.Arbitrary<{ kind: string; raw: string }> {
  const declared: fc.Arbitrary<string>[] = [];
  if (schema?.format === 'uuid') declared.push(uuidLike(ctx));
  if (schema?.enum && schema.enum.length > 0) {
    const values = schema.enum.map(String);
    declared.push(
      fc.constantFrom(...values),
      fc.constantFrom(...values).map((v) => v.toUpperCase()),
    );
  }
  const realistic = fc.oneof(
    fc.constantFrom(...ctx.knownRegistrations, 'ZZ99ZZZ', 'AB12CDE', 'A1', '1ABC'),
    fc.stringMatching(/^[A-Z]{2}[0-9]{2}[A-Z]{3}$/),
    fc.stringMatching(/^[A-Za-z0-9]{1,9}$/),
    ...declared,
  );
  return fc.oneof(
    { weight: 2, arbitrary: realistic.map((reg) => ({ kind: 'path:plausible', raw: encodeLoosely(reg) })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(realistic, fc.constantFrom(' ', '  ', '\t', '\u00A0', '\u200B', '\u202E', '\uFEFF'), fc.boolean())
        .map(([reg, space, lower]) => ({
          kind: 'path:spaced',
          raw: percentEncodeAll(`${lower ? reg.toLowerCase() : reg}${space}${reg.slice(0, 2)}`),
        })),
    },
    { weight: 4, arbitrary: weirdText.map((text) => ({ kind: 'path:unicode', raw: percentEncodeAll(text) })) },
    { weight: 2, arbitrary: weirdText.map((text) => ({ kind: 'path:mixed', raw: encodeLoosely(text) })) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.option(realistic),
          fc.array(fc.constantFrom(...MALFORMED_ESCAPES), { minLength: 1, maxLength: 4 }),
          fc.option(realistic),
        )
        .map(([before, escapes, after]) => ({
          kind: 'path:malformed-escape',
          raw: `${before ?? ''}${escapes.join('')}${after ?? ''}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          piece.filter((s) => s.length > 0),
          fc.integer({ min: 100, max: MAX_PATH_CHARS }),
        )
        .map(([unit, length]) => ({
          kind: 'path:long',
          raw: percentEncodeAll(unit.repeat(length)).slice(0, length),
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', '/', '//', '/extra', '/../x', '/%2e%2e/signing-key')
        .map((raw) => ({ kind: 'path:segments', raw })),
    },
    {
      weight: 1,
      arbitrary: junk.map((value) => ({
        kind: 'path:json',
        raw: percentEncodeAll(JSON.stringify(value) ?? 'undefined'),
      })),
    },
  );
}

/** A query string of junk: unicode, malformed escapes, repeated and bracketed keys, prototype keys, long values. */
const junkQuery: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.tuple(weirdText, weirdText).map(([k, v]) => `${percentEncodeAll(k)}=${percentEncodeAll(v)}`),
      fc
        .tuple(
          fc.constantFrom(
            'registration',
            'email',
            'page',
            'limit',
            'a[b][c][d]',
            '__proto__[admin]',
            'constructor[prototype][x]',
            'x[]',
            '',
            '=',
          ),
          fc.constantFrom(...MALFORMED_ESCAPES),
        )
        .map(([k, v]) => `${k}=${v}`),
      fc.integer({ min: 100, max: 3000 }).map((n) => `x=${'a'.repeat(n)}`),
      fc.constantFrom('&', '&&', '=', '==', '?', 'a', 'a=1&a=2&a=3'),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => `?${parts.join('&')}`);

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null', 'utf8').toString('base64url');

/** Calendar dates, real and impossible (31 February, month 13, year 0), and strings nearly in the form. */
const dateLike: fc.Arbitrary<string> = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
  fc.constantFrom(
    '2024-02-31',
    '2023-02-29',
    '2024-04-31',
    '2024-02-30',
    '0000-01-01',
    '2024-00-10',
    '2024-13-01',
    '9999-12-31',
    '2024-1-1',
    ' 2024-01-01',
    '2024-01-01T00:00:00Z',
    '',
  ),
);

/** Timestamps as JSON carries them: real ones, JavaScript's extremes (out of Postgres's range), impossible ones, numbers. */
const timestampLike: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '2024-02-31T10:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '1970-01-01T00:00:00.000Z',
      '2024-01-01',
      'Mon, 01 Jan 2024 00:00:00 GMT',
      '2024-01-01T25:61:61Z',
      'now',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constant(null)) },
);

/** Microseconds since the epoch as a digit string, up to the 16 digits a cursor may carry, and nearly so. */
const microsecondsLike: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.bigInt({ min: -(10n ** 16n) + 1n, max: 10n ** 16n - 1n }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('9999999999999999', '-9999999999999999', '0', '1e5', '', '01', '17e15', 1.7e15),
  },
);

/**
 * Page cursors. Ours are opaque, but anyone can read one: base64url JSON arrays of the last row's sort key. So
 * besides junk, arrays of the shapes our cursors have (a date, a timestamp and an id; microseconds and an id)
 * holding impossible values, the kind a decoder's pattern lets through to the database.
 */
function cursorLike(ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(dateLike, timestampLike, uuidLike(ctx)).map(cursorOf) },
    { weight: 3, arbitrary: fc.tuple(microsecondsLike, uuidLike(ctx)).map(cursorOf) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.oneof(dateLike, timestampLike, microsecondsLike, uuidLike(ctx), junkScalar), { maxLength: 4 })
        .map(cursorOf),
    },
    { weight: 1, arbitrary: junk.map(cursorOf) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{0,80}$/) },
    { weight: 1, arbitrary: fc.integer({ min: 250, max: 3000 }).map((n) => 'A'.repeat(n)) },
  );
}

/**
 * A value for one declared query parameter, from its name and schema, as it goes on the wire: half the time (a cursor
 * three times in four) one the schema may well take, so that the bad value inside it or beside it gets past the
 * query's parsing, else junk.
 */
function queryValue(name: string, schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<string> {
  const encoded = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((v) => percentEncodeAll(v));
  const plausible: fc.Arbitrary<string>[] = [];
  if (/cursor/i.test(name)) plausible.push(cursorLike(ctx));
  else if (schema.enum && schema.enum.length > 0) plausible.push(fc.constantFrom(...schema.enum.map(String)));
  else if (schema.type === 'integer' || schema.type === 'number')
    plausible.push(fc.integer({ min: 1, max: 60 }).map(String));
  else if (/registration|_q$|^q$/i.test(name))
    plausible.push(
      encoded(fc.oneof(fc.constantFrom(...ctx.knownRegistrations), fc.stringMatching(/^[A-Za-z0-9 ]{0,12}$/))),
    );
  else plausible.push(fc.stringMatching(/^[A-Za-z0-9_-]{0,20}$/));
  const bad: fc.Arbitrary<string>[] = [
    encoded(weirdText),
    fc.constantFrom(...MALFORMED_ESCAPES),
    fc.constantFrom('', '0', '-1', '1.5', '1e3', 'NaN', 'Infinity', '99999999999999999999', 'true', 'null', '%20'),
    fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.double()).map(String),
  ];
  if (schema.maxLength !== undefined) bad.push(encoded(boundary(schema.maxLength + 1)));
  // A cursor is where the bad value lies within: most of them are cursorLike's.
  return fc.oneof(
    { weight: /cursor/i.test(name) ? 3 : 1, arbitrary: fc.oneof(...plausible) },
    { weight: 1, arbitrary: fc.oneof(...bad) },
  );
}

/**
 * A query of the operation's own parameters: one of them always there, each other one in three (so that the one
 * is often the only thing wrong), some sent twice, with junk ones beside them at times.
 */
function declaredQuery(target: FuzzTarget, ctx: FuzzContext): fc.Arbitrary<string> {
  const params = target.queryParams.map((p) =>
    fc
      .tuple(fc.constantFrom(1, 1, 1, 1, 2), queryValue(p.name, p.schema, ctx), queryValue(p.name, p.schema, ctx))
      .map(([times, a, b]) => (times === 1 ? [`${p.name}=${a}`] : [`${p.name}=${a}`, `${p.name}=${b}`])),
  );
  const others = fc.array(
    fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
    { minLength: params.length, maxLength: params.length },
  );
  return fc
    .tuple(fc.nat({ max: params.length - 1 }), others, fc.tuple(...params), fc.option(junkQuery, { freq: 4 }))
    .map(([focus, alsoThere, pairs, extra]) => {
      const parts = pairs.flatMap((pair, i) => (i === focus || alsoThere[i] ? pair : []));
      return `?${parts.join('&')}${extra ? `&${extra.slice(1)}` : ''}`;
    });
}

function pathChoice(
  target: FuzzTarget,
  ctx: FuzzContext,
): fc.Arbitrary<{ kind?: string; path: string; params: Record<string, string> }> {
  const query: fc.Arbitrary<{ kind: string; text: string } | null> =
    target.queryParams.length > 0
      ? fc.oneof(
          { weight: 4, arbitrary: declaredQuery(target, ctx).map((text) => ({ kind: 'query:declared', text })) },
          { weight: 1, arbitrary: junkQuery.map((text) => ({ kind: 'path:junk-query', text })) },
          { weight: 1, arbitrary: fc.constant(null) },
        )
      : fc.option(
          junkQuery.map((text) => ({ kind: 'path:junk-query', text })),
          { freq: 3 },
        );
  const withQuery = (arbitrary: fc.Arbitrary<{ kind?: string; path: string; params: Record<string, string> }>) =>
    fc.tuple(arbitrary, query).map(([p, q]) => ({
      kind: [p.kind, q?.kind].filter(Boolean).join(' ') || undefined,
      path: asciiTarget(`${p.path}${q?.text ?? ''}`).slice(0, MAX_PATH_CHARS),
      params: p.params,
    }));
  if (target.pathParams.length === 0) return withQuery(fc.constant({ path: API_BASE + target.template, params: {} }));
  const names = target.pathParams;
  return withQuery(
    fc.tuple(...names.map((name) => pathParameter(ctx, target.pathSchemas[name]))).map((params) => {
      let path = API_BASE + target.template;
      names.forEach((name, i) => {
        path = path.replace(`{${name}}`, params[i]!.raw);
      });
      return {
        kind: params.map((p) => p.kind).join('+'),
        path,
        params: Object.fromEntries(names.map((name, i) => [name, params[i]!.raw])),
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Headers: bearer tokens and Stripe signatures

const base64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

const claims = fc.record({
  sub: fc.oneof(fc.uuid(), weirdText),
  role: fc.constantFrom('admin', 'garage', 'none', 'root', '', 'ADMIN'),
  email: fc.oneof(fc.emailAddress(), fc.constant('admin@servicehistory.local')),
  iss: fc.constantFrom('service-history-identity', 'evil', ''),
  aud: fc.constantFrom('service-history', 'other', ''),
  exp: fc.constantFrom(Math.floor(Date.now() / 1000) + 3600, Math.floor(Date.now() / 1000) - 3600, 9e15, -1),
});

/** Forged bearer tokens: alg none, HS256 keyed with the public key, RS256 signed by another key, junk JWTs, junk text. */
function forgedToken(ctx: FuzzContext): fc.Arbitrary<{ kind: string; token: string }> {
  const signRs256 = (header: object, payload: object) => {
    const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
    const signature = createSign('RSA-SHA256').update(input).sign(ctx.forgedKey);
    return `${input}.${base64url(signature)}`;
  };
  return fc.oneof(
    fc.tuple(claims, fc.constantFrom('none', 'None', 'NONE', 'nOnE')).map(([payload, alg]) => ({
      kind: 'auth:alg-none',
      token: `${base64url(JSON.stringify({ alg, typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.`,
    })),
    claims.map((payload) => {
      const input = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
      return {
        kind: 'auth:hs256-public-key',
        token: `${input}.${base64url(createHmac('sha256', ctx.identityPublicKey).update(input).digest())}`,
      };
    }),
    claims.map((payload) => ({ kind: 'auth:rs256-forged', token: signRs256({ alg: 'RS256', typ: 'JWT' }, payload) })),
    claims.map((payload) => ({
      kind: 'auth:rs256-jku',
      token: signRs256({ alg: 'RS256', typ: 'JWT', kid: '../../etc/passwd', jku: 'http://127.0.0.1:1/jwks' }, payload),
    })),
    fc.tuple(junk, junk, fc.uint8Array({ maxLength: 64 })).map(([header, payload, sig]) => ({
      kind: 'auth:junk-jwt',
      token: `${base64url(JSON.stringify(header) ?? '')}.${base64url(JSON.stringify(payload) ?? '')}.${base64url(Buffer.from(sig))}`,
    })),
    fc
      .constantFrom('a', 'a.b', 'a.b.c.d', '...', '.', 'eyJ', 'null', 'undefined', 'Bearer')
      .map((token) => ({ kind: 'auth:segments', token })),
    weirdText.map((token) => ({ kind: 'auth:text', token })),
    fc
      .integer({ min: 500, max: MAX_AUTH_CHARS - 20 })
      .map((n) => ({ kind: 'auth:long', token: `eyJ${'A'.repeat(n)}` })),
  );
}

/** The token with a scheme in front, well or badly written. */
function authorizationHeader(ctx: FuzzContext): fc.Arbitrary<{ kind: string; value: string }> {
  return fc
    .tuple(
      forgedToken(ctx),
      fc.constantFrom(
        'Bearer ',
        'Bearer ',
        'Bearer ',
        'bearer ',
        'BEARER ',
        'Bearer  ',
        'Basic ',
        'Token ',
        '',
        'Bearer\t',
      ),
    )
    .map(([{ kind, token }, scheme]) => ({ kind, value: `${scheme}${token}` }));
}

/** A header value as a client would put it on the wire: UTF-8 bytes read as Latin-1, without control characters. */
export function headerValue(text: string, max = MAX_HEADER_CHARS): string {
  let out = '';
  for (const char of Buffer.from(text, 'utf8').toString('latin1')) {
    const code = char.charCodeAt(0);
    out += code === 9 || (code >= 0x20 && code !== 0x7f) ? char : '?';
  }
  return out.slice(0, max);
}

const otherHeaders = fc.dictionary(
  fc.constantFrom(
    'x-forwarded-for',
    'x-real-ip',
    'x-request-id',
    'idempotency-key',
    'accept',
    'accept-language',
    'cookie',
    'origin',
    'x-internal-token',
    'x-http-method-override',
    'range',
    'if-none-match',
    'user-agent',
    'forwarded',
  ),
  fc.oneof(
    weirdText,
    fc.constantFrom('1.2.3.4, 127.0.0.1', '::1', 'for=127.0.0.1', '../', 'bytes=0-1,2-3', '*', '0'.repeat(200)),
  ),
  { maxKeys: 3 },
);

/** How to make a Stripe-Signature header for a body; every plan makes one that must not verify. */
interface SignaturePlan {
  kind: string;
  make: (payload: Buffer) => string | undefined;
}

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);

/** Stripe-Signature headers that must not verify: malformed, wrong secret, stale, for another body, wrong scheme. */
function stripeSignature(ctx: FuzzContext): fc.Arbitrary<SignaturePlan> {
  const now = Math.floor(Date.now() / 1000);
  const hmac = (secret: string, timestamp: number | string, body: Buffer | string) =>
    createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  const plan = (kind: string, make: SignaturePlan['make']): SignaturePlan => ({ kind, make });
  return fc.oneof(
    fc.constant(plan('stripe:missing', () => undefined)),
    fc
      .constantFrom('', ' ', 't=', 'v1=', 't=,v1=', ',', '=', 't=1', 'v1=00')
      .map((value) => plan('stripe:malformed', () => value)),
    weirdText.map((value) => plan('stripe:junk', () => value)),
    hex64.map((sig) => plan('stripe:random-v1', () => `t=${now},v1=${sig}`)),
    fc
      .string({ minLength: 1, maxLength: 30 })
      .map((secret) =>
        plan('stripe:wrong-secret', (payload) => `t=${now},v1=${hmac(`whsec_${secret}x`, now, payload)}`),
      ),
    // The right secret, but the timestamp is 10 minutes to 10 years old: the SDK's 5-minute tolerance refuses it.
    fc
      .integer({ min: 600, max: 315_360_000 })
      .map((age) =>
        plan('stripe:stale', (payload) => `t=${now - age},v1=${hmac(ctx.stripeSecret, now - age, payload)}`),
      ),
    // The right secret over another body (the body was changed after signing).
    weirdText.map((other) =>
      plan(
        'stripe:other-body',
        (payload) => `t=${now},v1=${hmac(ctx.stripeSecret, now, Buffer.concat([payload, Buffer.from(other || ' ')]))}`,
      ),
    ),
    fc.constant(plan('stripe:v0-only', (payload) => `t=${now},v0=${hmac(ctx.stripeSecret, now, payload)}`)),
    fc.constant(plan('stripe:no-timestamp', (payload) => `v1=${hmac(ctx.stripeSecret, now, payload)}`)),
    fc.constant(plan('stripe:bad-timestamp', (payload) => `t=now,v1=${hmac(ctx.stripeSecret, 'now', payload)}`)),
    fc
      .array(hex64, { minLength: 2, maxLength: 20 })
      .map((sigs) => plan('stripe:many-v1', () => `t=${now},${sigs.map((s) => `v1=${s}`).join(',')}`)),
    fc.integer({ min: 500, max: MAX_AUTH_CHARS }).map((n) => plan('stripe:long', () => `t=${now},v1=${'a'.repeat(n)}`)),
  );
}

/** Stripe-shaped events (the types billing handles) with junk where the objects should be. */
function stripeEvent(): fc.Arbitrary<unknown> {
  return fc.record({
    id: fc.oneof(fc.stringMatching(/^evt_[A-Za-z0-9]{14}$/), weirdText),
    object: fc.constantFrom('event', 'other'),
    type: fc.oneof(
      fc.constantFrom(
        'checkout.session.completed',
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'customer.subscription.trial_will_end',
        'invoice.payment_failed',
        'invoice.paid',
      ),
      weirdText,
    ),
    created: fc.oneof(fc.integer(), junk),
    livemode: fc.oneof(fc.boolean(), junk),
    data: fc.oneof(
      fc.record({
        object: fc.record({
          id: fc.oneof(fc.stringMatching(/^(sub|cs|cus)_[A-Za-z0-9]{10}$/), weirdText),
          customer: fc.oneof(fc.stringMatching(/^cus_[A-Za-z0-9]{10}$/), junk),
          subscription: fc.oneof(fc.stringMatching(/^sub_[A-Za-z0-9]{10}$/), junk),
          status: fc.oneof(fc.constantFrom('active', 'trialing', 'past_due', 'canceled'), junk),
          metadata: fc.oneof(fc.record({ garage_id: fc.oneof(fc.uuid(), weirdText) }), junk),
        }),
      }),
      junk,
    ),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Whole requests

/** Every bad request of one operation, as a fast-check arbitrary. */
export function caseArbitrary(target: FuzzTarget, ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const isWebhook = target.operation.auth === 'stripe-signature';
  const body: fc.Arbitrary<BodyChoice> = isWebhook
    ? fc.oneof(
        { weight: 3, arbitrary: bodyChoice(undefined, ctx, stripeEvent()) },
        { weight: 1, arbitrary: bodyChoice(undefined, ctx, junk) },
      )
    : target.method === 'GET'
      ? getBodyChoice(ctx)
      : bodyChoice(target.bodySchema, ctx);
  // A signed-in caller's operation gets a valid token of an allowed role nine times in ten (a forged one or none
  // otherwise); one that takes no input at all and writes gets only forged ones (see mayCarryValidToken).
  type Credential = { kind: string; value?: string; role?: FuzzRole } | null;
  const forged: fc.Arbitrary<Credential> = fc.option(authorizationHeader(ctx), { freq: 2 });
  const auth: fc.Arbitrary<Credential> = mayCarryValidToken(target)
    ? fc.oneof(
        {
          weight: 9,
          arbitrary: fc.constantFrom(...target.roles).map((role) => ({ kind: `auth:valid-${role}`, role })),
        },
        { weight: 1, arbitrary: forged },
      )
    : forged;
  const extra = fc.option(otherHeaders, { freq: 4 });
  const signature: fc.Arbitrary<SignaturePlan | null> = isWebhook ? stripeSignature(ctx) : fc.constant(null);

  return fc
    .tuple(pathChoice(target, ctx), body, auth, extra, signature)
    .map(([path, choice, authorization, headers, sign]) => {
      const c: FuzzCase = {
        kind: [path.kind, choice.kind, authorization?.kind, sign?.kind].filter(Boolean).join(' '),
        method: target.method,
        path: path.path,
        headers: {},
        body: choice.bytes,
        value: choice.value !== undefined ? choice.value : decodeJson(choice.bytes),
        params: path.params,
      };
      for (const [name, value] of Object.entries(headers ?? {})) c.headers[name] = headerValue(value);
      if (authorization?.role) c.signedInAs = authorization.role;
      else if (authorization?.value !== undefined)
        c.headers.authorization = headerValue(authorization.value, MAX_AUTH_CHARS);
      if (choice.bytes) {
        const contentType = choice.contentType === undefined ? 'application/json' : choice.contentType;
        if (contentType !== null) c.headers['content-type'] = headerValue(contentType);
        if (choice.contentEncoding) c.headers['content-encoding'] = choice.contentEncoding;
      }
      const stripeHeader = sign?.make(choice.bytes ?? Buffer.alloc(0));
      if (stripeHeader !== undefined) c.headers['stripe-signature'] = headerValue(stripeHeader, MAX_AUTH_CHARS);
      return c;
    });
}

/** The value a body's bytes would parse to on the server (BOM removed), if they are JSON at all. */
function decodeJson(bytes: Buffer | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
  } catch {
    return undefined;
  }
}
