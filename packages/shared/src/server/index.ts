/** The service kit: server-only code shared by every service. The SPA never imports this. */
import './types.js';
export * from './types.js';
export * from './config.js';
export * from './logger.js';
export * from './errors.js';
export * from './validate.js';
export * from './db.js';
export * from './events.js';
export * from './dead-letters.js';
export * from './timeout.js';
export * from './auth.js';
export * from './app.js';
export * from './lifecycle.js';
export * from './services.js';
export * from './batch-loop.js';
export * from './start-service.js';
