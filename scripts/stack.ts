/**
 * The launcher lives in packages/shared/src/launcher (@sh/shared/launcher): this re-export only keeps the older
 * imports of the seed, replay and web-build scripts, bench/lookup-data.ts and the browser journeys' helpers working.
 */
export { availableServices, databaseUrl, ROOT, stackPorts, type ServiceName } from '@sh/shared/launcher';
