/**
 * The events kit: how services tell each other what happened. Each part is its own file under events/: the Redis
 * connections, the outbox a service writes its events into, the relay that publishes them, the queues and jobs that
 * carry them, the consumer that applies them at most once, their secret fields, the reconciler that re-publishes
 * what Redis lost, and the dead letters with their replay. See docs/architecture.md and docs/operations.md.
 */
export * from './events/redis-connections.js';
export * from './events/outbox.js';
export * from './events/queues.js';
export * from './events/secret-fields.js';
export * from './events/relay.js';
export * from './events/consumer.js';
export * from './events/reconciler.js';
export * from './events/dead-letters.js';
export * from './events/scheduled-job.js';
export * from './events/retention-job.js';
export * from './events/event-metrics.js';
