import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { ERROR_STATUS, type TErrorCode, type TErrorEnvelope, type TFieldError } from '../contract/envelope.js';
import { MESSAGES } from '../contract/messages.js';

/** The one error type domain code throws: a machine code, a user-facing message and optional field errors. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly errors?: TFieldError[];
  readonly headers?: Record<string, string>;

  constructor(
    code: TErrorCode,
    message: string,
    options: { errors?: TFieldError[]; cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Builds the error envelope for a code. */
export function errorEnvelope(code: TErrorCode, message: string, errors?: TFieldError[]): TErrorEnvelope {
  return errors && errors.length > 0
    ? { status: ERROR_STATUS[code], code, message, errors }
    : { status: ERROR_STATUS[code], code, message };
}

/** Turns zod issues into field errors; the first one's message becomes the envelope message. */
export function fieldErrorsFrom(error: ZodError): TFieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** Messages of node-postgres for a connection that is gone or could not be had in time (they carry no code). */
const LOST_DATABASE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
]);

/**
 * Whether an error says the database is away for a moment rather than that the request or the code is wrong: Postgres
 * shutting down or starting (SQLSTATE class 57P), a connection exception (class 08), a refused or reset connection,
 * or node-postgres's own words for a lost connection or an exhausted connection wait.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (code.startsWith('57P') || code.startsWith('08') || code === 'ECONNREFUSED' || code === 'ECONNRESET')
  )
    return true;
  return LOST_DATABASE_MESSAGES.has(error.message);
}

/** What an error is answered with: its status, body and any headers. */
interface ErrorAnswer {
  status: number;
  body: TErrorEnvelope | { status: number; code: string; message: string };
  headers?: Record<string, string>;
}

/**
 * AppError and ZodError to their envelope, a database that is away for a moment to a 503 with Retry-After (the same
 * request can be sent again), anything else a logged 500.
 */
function errorAnswerFor(error: unknown, log: Logger | undefined): ErrorAnswer {
  if (error instanceof AppError)
    return {
      status: error.status,
      body: errorEnvelope(error.code, error.message, error.errors),
      headers: error.headers,
    };
  if (error instanceof ZodError) {
    const errors = fieldErrorsFrom(error);
    return {
      status: 400,
      body: errorEnvelope('validation_failed', errors[0]?.message ?? MESSAGES.platform.invalidRequest, errors),
    };
  }
  const parserError = error as BodyParserError;
  if (parserError?.type === 'entity.too.large') {
    return { status: 413, body: { status: 413, code: 'payload_too_large', message: 'The request body is too large' } };
  }
  if (parserError?.type === 'entity.parse.failed')
    return { status: 400, body: errorEnvelope('validation_failed', MESSAGES.platform.invalidRequest) };
  // The body parser's other refusals (an unsupported charset or Content-Encoding, a body that does not match its
  // encoding) and a path with a malformed percent-escape are the client's: 4xx envelopes, never a 500.
  const clientStatus =
    parserError?.type && typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500
      ? parserError.status
      : null;
  if (clientStatus !== null) {
    return {
      status: clientStatus,
      body: {
        status: clientStatus,
        code: clientStatus === 415 ? 'unsupported_media_type' : 'validation_failed',
        message: MESSAGES.platform.invalidRequest,
      },
    };
  }
  // zlib's codes for a gzip/deflate or brotli body that does not decode.
  const zlibCode = (error as { code?: unknown })?.code;
  const isUndecodableBody =
    typeof zlibCode === 'string' && (zlibCode.startsWith('Z_') || zlibCode.startsWith('ERR__ERROR_'));
  if (error instanceof URIError || isUndecodableBody)
    return { status: 400, body: errorEnvelope('validation_failed', MESSAGES.platform.invalidRequest) };
  if (isDatabaseUnavailable(error)) {
    log?.warn({ err: error }, 'the database is unavailable');
    return {
      status: 503,
      body: errorEnvelope('service_unavailable', MESSAGES.platform.serviceUnavailable),
      headers: { 'Retry-After': '5' },
    };
  }
  log?.error({ err: error }, 'unhandled error');
  return { status: 500, body: errorEnvelope('internal', MESSAGES.platform.internal) };
}

/**
 * Answers an error as errorAnswerFor says, on node's response alone: the shared error middleware's answer, and that of
 * a request on the gateway's fast path (lookup-cache/fast-path.ts).
 */
export function answerError(req: IncomingMessage & { log?: Logger }, res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    req.log?.error({ err: error }, 'error after headers were sent');
    res.end();
    return;
  }
  const answer = errorAnswerFor(error, req.log);
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.statusCode = answer.status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(answer.body));
}

/** The shared error middleware (answerError). */
export function errorMiddleware() {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => answerError(req, res, error);
}

/** Answers any route nobody handled with a 404 envelope. */
export function notFoundHandler() {
  return (_req: Request, res: Response): void => {
    res.status(404).json(errorEnvelope('not_found', MESSAGES.platform.notFound));
  };
}
