/**
 * The one launcher of child processes: `npm start` and the browser journeys (startStack), the benchmarks and the chaos
 * run (launch, startStack), and the tests that need another service as its own process (@sh/shared/testing's
 * startServiceProcess). docs/operations.md says how the platform is started.
 */
export {
  garbageCollectorEnv,
  hasExited,
  launch,
  stopChild,
  stopEveryLaunched,
  stopEveryLaunchedOnSignals,
  type LaunchOptions,
} from './child.js';
export { createChildGroup, type ChildGroup, type ChildGroupOptions } from './group.js';
export {
  checkInfrastructure,
  exitUnlessInfrastructure,
  machineDatabaseUrl,
  POSTGRES_URL,
  REDIS_URL,
  START_DATABASES_SCRIPT,
} from './infrastructure.js';
export {
  availableServices,
  databaseUrl,
  SERVICE_NAMES,
  stackPorts,
  type ServiceName,
  type StackPorts,
} from './ports.js';
export { migrationsOf, ROOT } from './root.js';
export { startBalancer, type Balancer } from './balancer.js';
export { startStack, type RunningStack, type StackOptions, type StackProcess } from './stack.js';
export { waitForPort, waitForReady, waitUntilAnswering } from './wait.js';
