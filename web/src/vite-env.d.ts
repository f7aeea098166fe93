/** The build-time variables the web app reads (Vite puts VITE_* variables of the build's environment in the bundle). */
interface ImportMetaEnv {
  /** The transparency log's C2SP verifier key (docs/operations.md, build variables); unset: DEVELOPMENT_LOG's. */
  readonly VITE_LOG_VERIFIER_KEY?: string;
  /** Who runs the site (docs/operations.md, build variables); unset: shown as not configured. */
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_COMPANY_NUMBER?: string;
  readonly VITE_COMPANY_REGISTERED_OFFICE?: string;
  readonly VITE_ICO_REGISTRATION?: string;
  /** included, excluded or not-charged: what the price says of VAT; unset: not configured. */
  readonly VITE_PRICE_VAT?: string;
}

/** The year of the day the web app was built (vite.config.ts's define): the footer's "©" year. */
declare const __BUILD_YEAR__: number;
