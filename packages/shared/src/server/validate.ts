import type { z } from 'zod';
import { MESSAGES } from '../contract/messages.js';
import { AppError, fieldErrorsFrom } from './errors.js';

/** Parses input with a schema, or throws a 400 AppError whose message is the first problem's. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrorsFrom(result.error);
  throw new AppError('validation_failed', errors[0]?.message ?? MESSAGES.platform.invalidRequest, { errors });
}
