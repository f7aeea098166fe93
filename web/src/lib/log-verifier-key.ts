import { DEVELOPMENT_LOG } from '@sh/shared/contract';

/**
 * The transparency log's verifier key the bundle trusts (issue 23): VITE_LOG_VERIFIER_KEY when the web app was
 * built with it (a production build sets the verifier key of its LOG_SIGNING_KEY), otherwise the development log's.
 * It is fixed at build time on purpose: a key the server handed out could be the server's lie. Only the pages that
 * verify import this module, lazily.
 */
export const LOG_VERIFIER_KEY: string = import.meta.env.VITE_LOG_VERIFIER_KEY?.trim() || DEVELOPMENT_LOG.verifierKey;

/** The log's origin, which records signs its checkpoints under: the key's name (both are LOG_ORIGIN). */
export const LOG_ORIGIN: string = LOG_VERIFIER_KEY.slice(0, Math.max(0, LOG_VERIFIER_KEY.indexOf('+')));
