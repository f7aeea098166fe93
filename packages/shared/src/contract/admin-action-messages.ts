/**
 * What the admin's corrections, suspensions and status say (docs/product.md#admin-dashboard). Apart from MESSAGES so that
 * only the admin's pages carry them, not the web app's first load.
 */
export const ADMIN_ACTION_MESSAGES = {
  reasonRequired: 'Please give a reason',
  reasonTooShort: 'Please give a reason of at least 3 characters',
  reasonTooLong: 'A reason can be at most 500 characters',
  idInvalid: 'The id must be a UUID',
  searchTooLong: 'Please shorten your search',
  serviceDateInvalid: 'Please enter a real service date',
  serviceDateInFuture: 'The service date cannot be in the future',
  nothingToChange: 'Nothing was changed. Edit a field before saving.',
  recordAmended: 'Service record amended',
  recordWithdrawn: 'Service record withdrawn',
  alreadyWithdrawn: 'This service record has already been withdrawn',
  withdrawnCannotBeAmended: 'A withdrawn service record cannot be amended',
  recordNotFound: 'That service record was not found',
  garageSuspended: 'Garage suspended',
  garageReinstated: 'Garage reinstated',
  alreadySuspended: 'This garage is already suspended',
  notSuspended: 'This garage is not suspended',
  accountSuspended: 'This garage account is suspended. We have emailed you the reason; please contact support.',
  eventRetried: 'The event will be delivered again',
  deadEventNotFound: 'That failed event was not found. It may have been retried already.',
  allOperational: 'All systems operational',
  // The live status's plain words for what is down; {service} is a service's name, {count} a number.
  statusServiceNotConfigured: 'The {service} service is not configured',
  statusServiceNotAnswering: 'The {service} service is not answering',
  statusServiceNoDatabase: 'The {service} service cannot reach its database',
  statusServiceNoRedis: 'The {service} service cannot reach Redis',
  statusServiceNoQueue: 'The {service} service cannot report its event queue',
  statusRedisNotAnswering: 'Redis is not answering',
  statusEventFailed: '1 event failed and waits for a retry',
  statusEventsFailed: '{count} events failed and wait for a retry',
  searchNeedsRegistration: 'Please enter a registration number',
} as const;
