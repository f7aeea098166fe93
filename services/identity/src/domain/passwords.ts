/** Identity's passwords are hashed and checked as the platform stores them: packages/shared/src/server/passwords.ts. */
export { hashPassword, verifyPassword } from '@sh/shared/server';
