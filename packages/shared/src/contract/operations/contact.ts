/** The notifications service's public calls: the contact form and a garage's callback request. */
import {
  ZCallbackRequestSchema,
  ZCallbackResponseSchema,
  ZContactRequestSchema,
  ZContactResponseSchema,
} from '../contact.js';
import type { TOperation } from '../openapi.js';

export const CONTACT_OPERATIONS: TOperation[] = [
  {
    method: 'post',
    path: '/contact',
    operationId: 'sendContactMessage',
    summary: 'Send a message to support',
    tag: 'Contact',
    auth: 'public',
    service: 'notifications',
    budget: 'credentials',
    body: ZContactRequestSchema,
    response: ZContactResponseSchema,
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/contact/garage',
    operationId: 'requestGarageCallback',
    summary: 'Ask for a callback about adding a garage',
    tag: 'Contact',
    auth: 'public',
    service: 'notifications',
    budget: 'credentials',
    body: ZCallbackRequestSchema,
    response: ZCallbackResponseSchema,
    successStatus: 201,
    errors: [400, 429],
  },
];
