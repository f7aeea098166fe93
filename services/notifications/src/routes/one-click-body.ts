import type { Request } from 'express';

/** The most a one-click body may hold: its one field is `List-Unsubscribe=One-Click`; a mailbox provider adds little. */
export const ONE_CLICK_BODY_LIMIT = '1kb';

const BOUNDARY = /;\s*boundary=(?:"([^"\r\n]{1,70})"|([^\s;"]{1,70}))/i;
const FIELD_NAME = /^content-disposition:[ \t]*form-data(?:;[^\r\n]*?)?;[ \t]*name="([^"\r\n]*)"/im;

/**
 * The fields of a small multipart/form-data body (RFC 7578), as RFC 8058 section 3.2 lets a mailbox provider send its
 * one-click POST: each part's name and text, the first of a name kept; null for a body that is not well formed (no
 * boundary, a part without a name, no closing delimiter). Bounded by the route's limit (ONE_CLICK_BODY_LIMIT), so read
 * whole; a file part is read as its text, which no field the route takes can be.
 */
export function multipartFields(body: Buffer, contentType: string): Record<string, string> | null {
  const match = BOUNDARY.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return null;
  const parts = body.toString('utf8').split(`--${boundary}`);
  const closing = parts.at(-1);
  if (parts.length < 3 || !closing?.startsWith('--')) return null;
  const fields = new Map<string, string>();
  for (const part of parts.slice(1, -1)) {
    const headersEnd = part.indexOf('\r\n\r\n');
    if (!part.startsWith('\r\n') || !part.endsWith('\r\n') || headersEnd === -1) return null;
    const name = FIELD_NAME.exec(part.slice(2, headersEnd))?.[1];
    if (name === undefined) return null;
    if (!fields.has(name)) fields.set(name, part.slice(headersEnd + 4, -2));
  }
  return Object.fromEntries(fields);
}

/**
 * The one-click POST's fields, however the client sent them: form-encoded or JSON (parsed already), or multipart (a
 * raw body here, read by multipartFields); undefined when there are none to read, which the route's schema refuses.
 */
export function oneClickFields(req: Request): unknown {
  if (!Buffer.isBuffer(req.body)) return req.body;
  return multipartFields(req.body, req.headers['content-type'] ?? '') ?? undefined;
}
