import { z } from 'zod';
import { MESSAGES } from './messages.js';

// The reason an admin gives for an action, on its own so that the calls of other rooms (identity's and garages'
// account changes) can ask for it without importing the admin contract, which imports theirs.

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;

/** Why an admin acted: required, trimmed, 3 to 500 characters. Shown to the public on an amendment. */
export const ZAdminReasonSchema = z
  .string({ error: MESSAGES.adminActions.reasonRequired })
  .max(REASON_MAX_LENGTH * 2, MESSAGES.adminActions.reasonTooLong)
  .trim()
  .min(1, { error: MESSAGES.adminActions.reasonRequired, abort: true })
  .min(REASON_MIN_LENGTH, MESSAGES.adminActions.reasonTooShort)
  .max(REASON_MAX_LENGTH, MESSAGES.adminActions.reasonTooLong);
