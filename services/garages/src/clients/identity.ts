import { MESSAGES, ZCreateUserResponseSchema, type TCreateUserRequest } from '@sh/shared/contract';
import { AppError, callInternal } from '@sh/shared/server';

/** The identity service's /internal/ calls that signup needs. */
export interface IdentityClient {
  /** Creates the user; a taken e-mail is a 409 AppError with MESSAGES.signup.duplicateEmail. Answers the new user's id. */
  createUser(input: TCreateUserRequest): Promise<string>;
  /** Removes a user (signup compensation). Throws when identity cannot confirm it. */
  deleteUser(userId: string): Promise<void>;
}

export function createIdentityClient(options: { baseUrl: string; internalToken: string }): IdentityClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return {
    async createUser(input) {
      let result: Awaited<ReturnType<typeof callInternal>>;
      try {
        result = await callInternal(`${baseUrl}/internal/users`, options.internalToken, {
          method: 'POST',
          body: input,
          timeoutMs: 10_000,
        });
      } catch (error) {
        throw new AppError('bad_gateway', MESSAGES.signup.accountCreateFailed, { cause: error });
      }
      if (result.status === 201) return ZCreateUserResponseSchema.parse(result.body).data.id;
      if (result.status === 409) {
        throw new AppError('duplicate_email', MESSAGES.signup.duplicateEmail, {
          errors: [{ path: 'email', message: MESSAGES.signup.duplicateEmail }],
        });
      }
      if (result.status === 400 && result.body.message) {
        throw new AppError('validation_failed', result.body.message);
      }
      throw new AppError('bad_gateway', MESSAGES.signup.accountCreateFailed);
    },
    async deleteUser(userId) {
      const result = await callInternal(
        `${baseUrl}/internal/users/${encodeURIComponent(userId)}`,
        options.internalToken,
        {
          method: 'DELETE',
          timeoutMs: 10_000,
        },
      );
      if (result.status !== 200) throw new Error(`identity answered ${result.status} to the user deletion`);
    },
  };
}
