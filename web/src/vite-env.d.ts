/** The build-time variables the web app reads (Vite puts VITE_* variables of the build's environment in the bundle). */
interface ImportMetaEnv {
  /** The transparency log's C2SP verifier key (docs/operations.md, build variables); unset: DEVELOPMENT_LOG's. */
  readonly VITE_LOG_VERIFIER_KEY?: string;
}
