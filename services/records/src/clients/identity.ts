import {
  MESSAGES,
  ZFindTechnicianResponseSchema,
  ZFindTechniciansResponseSchema,
  ZVerifyPasswordResponseSchema,
} from '@sh/shared/contract';
import { AppError, callInternal } from '@sh/shared/server';

/** Identity's password re-check, the secure step before a record is stored. */
export interface PasswordChecker {
  /** Whether the password is the account's. A spent attempt budget is a 429 AppError; identity unreachable a 503. */
  isPasswordValid(userId: string, password: string): Promise<boolean>;
  /** The name of the garage's technician so named, as their account has it; null when none is. Unreachable: 503. */
  findTechnicianName(garageId: string, name: string): Promise<string | null>;
  /**
   * findTechnicianName for each of these names (at most TECHNICIAN_NAMES_ASKED_AT_ONCE), in one call, in their order.
   * Unreachable: 503.
   */
  findTechnicianNames(garageId: string, names: readonly string[]): Promise<(string | null)[]>;
}

export function createIdentityClient(options: { baseUrl: string; internalToken: string }): PasswordChecker {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  /** The body of identity's answer to an internal POST; identity unreachable or failing is a 503. */
  const callIdentity = async (path: string, body: unknown): Promise<unknown> => {
    const result = await callInternal(`${baseUrl}${path}`, options.internalToken, {
      method: 'POST',
      body,
      timeoutMs: 10_000,
    }).catch((error: unknown) => {
      throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable, { cause: error });
    });
    if (result.status !== 200) throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable);
    return result.body;
  };
  return {
    async isPasswordValid(userId, password) {
      let result: Awaited<ReturnType<typeof callInternal>>;
      try {
        result = await callInternal(`${baseUrl}/internal/users/verify-password`, options.internalToken, {
          method: 'POST',
          body: { userId, password },
          timeoutMs: 10_000,
        });
      } catch (error) {
        throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable, { cause: error });
      }
      if (result.status === 200) return ZVerifyPasswordResponseSchema.parse(result.body).data.valid;
      if (result.status === 429) {
        // Identity says how long: the rest of the 15-minute window once 5 wrong answers are spent, a second while the
        // account's checks in flight fill the budget. Without a usable answer, the whole window is the honest bound.
        const retryAfter = /^[1-9][0-9]{0,5}$/.test(result.retryAfter ?? '') ? result.retryAfter! : '900';
        throw new AppError('rate_limited', MESSAGES.records.passwordAttemptsExceeded, {
          headers: { 'retry-after': retryAfter },
        });
      }
      throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable);
    },
    async findTechnicianName(garageId, name) {
      const body = await callIdentity('/internal/technicians/find', { garageId, name });
      return ZFindTechnicianResponseSchema.parse(body).data.name;
    },
    async findTechnicianNames(garageId, names) {
      const body = await callIdentity('/internal/technicians/find-many', { garageId, names });
      const found = ZFindTechniciansResponseSchema.parse(body).data.names;
      if (found.length !== names.length)
        throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable);
      return found;
    },
  };
}
