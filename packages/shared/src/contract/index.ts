/** The API contract shared by the services and the SPA: schemas, types, messages and constants. */
export * from './envelope.js';
export * from './messages.js';
export * from './constants.js';
export * from './categories.js';
export * from './registration.js';
export * from './records.js';
export * from './admin.js';
export * from './vehicles.js';
export * from './events.js';
export * from './identity.js';
export * from './garages.js';
export * from './billing.js';
export * from './openapi.js';
export * from './operations.js';
export * from './contact.js';
export * from './patterns.js';
export * from './brand.js';
