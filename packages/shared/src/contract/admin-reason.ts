import { z } from 'zod';
import { ADMIN_ACTION_MESSAGES } from './admin-action-messages.js';

// The reason an admin gives for an action, on its own so that the calls of other rooms (identity's and garages'
// account changes) can ask for it without importing the admin contract, which imports theirs.

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;

/** Why an admin acted: required, trimmed, 3 to 500 characters. Shown to the public on an amendment. */
export const ZAdminReasonSchema = z
  .string({ error: ADMIN_ACTION_MESSAGES.reasonRequired })
  .max(REASON_MAX_LENGTH * 2, ADMIN_ACTION_MESSAGES.reasonTooLong)
  .trim()
  .min(1, { error: ADMIN_ACTION_MESSAGES.reasonRequired, abort: true })
  .min(REASON_MIN_LENGTH, ADMIN_ACTION_MESSAGES.reasonTooShort)
  .max(REASON_MAX_LENGTH, ADMIN_ACTION_MESSAGES.reasonTooLong);
