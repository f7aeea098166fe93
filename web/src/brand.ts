/** The brand lives in the shared contract; the web app reads it from there. */
export { BRAND, SUPPORT_EMAIL } from '@sh/shared/contract';
