import type { TOperation } from './openapi.js';

/**
 * The calls of the contract as a request target makes them: the gateway routes, token-checks and budgets by this table,
 * and the browser journeys find the operation a path is with it, so that both read a path the same way.
 */

export const API_PREFIX = '/api/v1/';

/**
 * A request target as the service behind the gateway receives it once forwarded: the path with each backslash made a
 * slash and each run of slashes folded to one (what http-proxy does to the path it forwards: url.parse, then urlJoin),
 * ending at the first '?' or '#'; and the query as it came, up to any '#'. Nothing is decoded. Null for a target that
 * is not a path (absolute-form, '*'). Linear in the target's length.
 */
export function forwardedTarget(rawUrl: string): { path: string; query: string } | null {
  if (rawUrl.charCodeAt(0) !== 0x2f) return null;
  let path = '';
  let i = 0;
  let afterSlash = false;
  for (; i < rawUrl.length; i += 1) {
    const c = rawUrl[i]!;
    if (c === '?' || c === '#') break;
    if (c === '/' || c === '\\') {
      if (!afterSlash) path += '/';
      afterSlash = true;
    } else {
      path += c;
      afterSlash = false;
    }
  }
  if (rawUrl[i] !== '?') return { path, query: '' };
  const hash = rawUrl.indexOf('#', i);
  return { path, query: rawUrl.slice(i, hash === -1 ? undefined : hash) };
}

/** A call of the contract a request makes. */
export interface OperationMatch {
  operation: TOperation;
  /** The path parameters as they came, percent-encoded (express decodes its own). */
  params: Record<string, string>;
  /** The path and query to forward: the path exactly as it was matched (forwardedTarget). */
  forwardedUrl: string;
}

export interface OperationTable {
  /** The call a request makes, or null when it makes none of the list's. */
  match(method: string, rawUrl: string): OperationMatch | null;
}

/** One segment of an operation's path: a literal (lower case) or a parameter. */
type Segment = { literal: string } | { param: string };

interface CompiledOperation {
  operation: TOperation;
  segments: Segment[];
}

const PARAMETER = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
const LITERAL = /^[A-Za-z0-9._~-]+$/;

function compile(operation: TOperation): CompiledOperation {
  const template = `${API_PREFIX.slice(0, -1)}${operation.path}`;
  const segments = template
    .slice(1)
    .split('/')
    .map((text): Segment => {
      const param = PARAMETER.exec(text)?.[1];
      if (param !== undefined) return { param };
      if (!LITERAL.test(text) || text === '.' || text === '..') {
        throw new Error(
          `${operation.method.toUpperCase()} ${operation.path}: each segment must be a {parameter} or plain letters, digits and -._~`,
        );
      }
      return { literal: text.toLowerCase() };
    });
  return { operation, segments };
}

/** Whether a segment as it came equals a lower-case literal, A to Z folded as express's case-insensitive routes fold them. */
function equalsFolded(segment: string, literal: string): boolean {
  if (segment.length !== literal.length) return false;
  for (let i = 0; i < segment.length; i += 1) {
    let c = segment.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== literal.charCodeAt(i)) return false;
  }
  return true;
}

/** Whether a path holds a character no URL carries raw (a control, a space, anything past ASCII): such a path matches nothing. */
function hasRawCharacter(path: string): boolean {
  for (let i = 0; i < path.length; i += 1) {
    const c = path.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f) return true;
  }
  return false;
}

/** Literal before parameter, segment by segment from the left: the more specific of two paths comes first. */
function bySpecificity(a: CompiledOperation, b: CompiledOperation): number {
  for (let i = 0; i < a.segments.length; i += 1) {
    const aIsLiteral = 'literal' in a.segments[i]!;
    const bIsLiteral = 'literal' in b.segments[i]!;
    if (aIsLiteral !== bIsLiteral) return aIsLiteral ? -1 : 1;
  }
  return 0;
}

/**
 * The gateway's routing, token and budget decisions in one table, built from the contract's operations alone. A request
 * is matched as express routes it in the services (whose routing is case-insensitive and not strict), on the path they
 * are forwarded (forwardedTarget): literal segments case-insensitively and as they came (an encoded letter or slash is
 * no match for the literal), a {parameter} any one segment, one trailing slash allowed, HEAD as GET. Of two matches the
 * more specific wins (users/phone/{id} over a users/{x}/{id}). Matching compares segments, no pattern built from the
 * request: linear in the path's length for each operation. Two operations of one method and path shape throw.
 */
export function operationTable(operations: readonly TOperation[]): OperationTable {
  const candidates = new Map<string, CompiledOperation[]>();
  const shapes = new Set<string>();
  for (const operation of operations) {
    const compiled = compile(operation);
    const shape = `${operation.method} ${compiled.segments.map((s) => ('literal' in s ? s.literal : '{}')).join('/')}`;
    if (shapes.has(shape))
      throw new Error(
        `${operation.method.toUpperCase()} ${operation.path} is listed twice (the same method and path shape)`,
      );
    shapes.add(shape);
    const key = `${operation.method} ${compiled.segments.length}`;
    candidates.set(key, [...(candidates.get(key) ?? []), compiled]);
  }
  for (const list of candidates.values()) list.sort(bySpecificity);

  return {
    match(method, rawUrl) {
      const target = forwardedTarget(rawUrl);
      if (!target || hasRawCharacter(target.path)) return null;
      const segments = target.path.slice(1).split('/');
      if (segments.length > 1 && segments.at(-1) === '') segments.pop();
      const wanted = method === 'HEAD' ? 'get' : method.toLowerCase();
      for (const { operation, segments: expected } of candidates.get(`${wanted} ${segments.length}`) ?? []) {
        const params: Record<string, string> = {};
        const matches = expected.every((segment, i) => {
          const given = segments[i]!;
          if ('literal' in segment) return equalsFolded(given, segment.literal);
          params[segment.param] = given;
          return given.length > 0;
        });
        if (matches) return { operation, params, forwardedUrl: target.path + target.query };
      }
      return null;
    },
  };
}
