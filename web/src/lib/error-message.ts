import { MESSAGES, type TFieldError } from '@sh/shared/contract';
import { ApiError } from '../api/client';

/** Codes the client makes up itself: no answer, an answer that broke the contract, an error without an envelope. */
const CLIENT_MADE_CODES = new Set(['network_error', 'invalid_response', 'http_error']);

/** True when the server answered with its own error envelope (its message is meant for the user). */
export function isServerError(error: unknown): error is ApiError {
  return error instanceof ApiError && !CLIENT_MADE_CODES.has(error.code);
}

/**
 * The message to show for a failed call: the server's own message when it sent one, otherwise the page's
 * fallback (MESSAGES words most of them), otherwise what the client knows.
 */
export function messageOf(error: unknown, fallback?: string): string {
  if (isServerError(error)) return error.message;
  if (fallback) return fallback;
  return error instanceof ApiError ? error.message : MESSAGES.platform.internal;
}

/** The server's field errors by path (the first per path), for showing each under its field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors: readonly TFieldError[] = isServerError(error) ? error.errors : [];
  const byPath: Record<string, string> = {};
  for (const fieldError of errors) byPath[fieldError.path] ??= fieldError.message;
  return byPath;
}
