import type { TOperation } from './openapi.js';
import { ZLookupRequestSchema, ZLookupResponseSchema } from './records.js';

/** Every public call of the API, for the OpenAPI document the gateway serves. */
export const OPERATIONS: TOperation[] = [
  {
    method: 'get',
    path: '/service-records/lookup/{registration}',
    summary: "A vehicle's public service history, newest service first",
    tag: 'Service records',
    auth: 'public',
    pathParams: ZLookupRequestSchema,
    response: ZLookupResponseSchema,
    errors: [400, 429],
  },
];
