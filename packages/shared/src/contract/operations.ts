import { z } from 'zod';
import {
  ZAdminDataQuerySchema,
  ZAdminDataResponseSchema,
  ZAdminStatusResponseSchema,
  ZAmendServiceRecordRequestSchema,
  ZAmendServiceRecordResponseSchema,
  ZGarageSuspensionRequestSchema,
  ZGarageSuspensionResponseSchema,
  ZRetryEventParamSchema,
  ZRetryEventResponseSchema,
  ZServiceRecordIdParamSchema,
  ZWithdrawServiceRecordRequestSchema,
  ZWithdrawServiceRecordResponseSchema,
} from './admin.js';
import {
  ZCheckoutSessionResponseSchema,
  ZBillingPortalResponseSchema,
  ZCreateCheckoutSessionRequestSchema,
  ZPlansResponseSchema,
  ZSubscriptionQuerySchema,
  ZSubscriptionResponseSchema,
  ZSyncSubscriptionRequestSchema,
} from './billing.js';
import { ZCallbackRequestSchema, ZCallbackResponseSchema, ZContactRequestSchema, ZContactResponseSchema } from './contact.js';
import {
  ZCheckDuplicatesRequestSchema,
  ZCheckDuplicatesResponseSchema,
  ZCompanyValidateRequestSchema,
  ZCompanyValidateResponseSchema,
  ZCreateGarageRequestSchema,
  ZCreateGarageResponseSchema,
  ZGarageProfileResponseSchema,
  ZReleaseCompanyResponseSchema,
  ZUpdatePhoneRequestSchema,
  ZUpdatePhoneResponseSchema,
  ZValidateReferralRequestSchema,
  ZValidateReferralResponseSchema,
} from './garages.js';
import {
  ZConfirmEmailRequestSchema,
  ZConfirmEmailResponseSchema,
  ZForgotPasswordRequestSchema,
  ZForgotPasswordResponseSchema,
  ZLoginRequestSchema,
  ZLoginResponseSchema,
  ZLogoutResponseSchema,
  ZMeResponseSchema,
  ZPublicKeyResponseSchema,
  ZRefreshResponseSchema,
  ZResendConfirmationResponseSchema,
  ZResetPasswordRequestSchema,
  ZResetPasswordResponseSchema,
  ZSessionCookieHeadersSchema,
  ZSessionCookieSchema,
  ZUpdateEmailRequestSchema,
  ZUpdateEmailResponseSchema,
  ZUndoEmailChangeRequestSchema,
  ZUndoEmailChangeResponseSchema,
  ZUpdatePasswordRequestSchema,
  ZUpdatePasswordResponseSchema,
  ZUserIdParamSchema,
} from './identity.js';
import { successEnvelope } from './envelope.js';
import type { TOperation } from './openapi.js';
import {
  ZCreateServiceRecordRequestSchema,
  ZCreateServiceRecordResponseSchema,
  ZLookupRequestSchema,
  ZLookupResponseSchema,
  ZMyServiceRecordsQuerySchema,
  ZMyServiceRecordsResponseSchema,
  ZSigningKeyResponseSchema,
  ZValidateVehicleRequestSchema,
  ZValidateVehicleResponseSchema,
  ZVerifyChainRequestSchema,
  ZVerifyChainResponseSchema,
  ZVinLookupRequestSchema,
  ZVinLookupResponseSchema,
} from './records.js';
import {
  ZConfirmSecondFactorEnrolmentRequestSchema,
  ZConfirmSecondFactorEnrolmentResponseSchema,
  ZDisableSecondFactorRequestSchema,
  ZDisableSecondFactorResponseSchema,
  ZLoginSecondFactorRequestSchema,
  ZLoginSecondFactorResponseSchema,
  ZSecondFactorStatusResponseSchema,
  ZStartSecondFactorEnrolmentResponseSchema,
} from './second-factor.js';
import { ZVehicleReportRequestSchema, ZVehicleReportResponseSchema } from './vehicles.js';

const ZWebhookAckSchema = successEnvelope(z.object({ received: z.boolean(), duplicate: z.boolean() }));

/** Every public call of the API, for the OpenAPI document the gateway serves. */
export const OPERATIONS: TOperation[] = [
  // Service records
  {
    method: 'get', path: '/service-records/lookup/{registration}', summary: "A vehicle's public service history, newest service first",
    tag: 'Service records', auth: 'public', pathParams: ZLookupRequestSchema, response: ZLookupResponseSchema, errors: [400, 429],
  },
  { method: 'get', path: '/service-records/verify/{registration}', summary: "Recompute a vehicle's record chain and say whether it is intact", tag: 'Service records', auth: 'public', pathParams: ZVerifyChainRequestSchema, response: ZVerifyChainResponseSchema, errors: [400, 429] },
  {
    method: 'get', path: '/vehicles/{registration}', summary: "The buyer's report beside the records: DVLA's vehicle details and DVSA's MOT tests (in miles), never waiting more than 2 s on either; what could not be had is listed in missing",
    tag: 'Vehicles', auth: 'public', pathParams: ZVehicleReportRequestSchema, response: ZVehicleReportResponseSchema, errors: [400, 429],
  },
  { method: 'get', path: '/service-records/signing-key', summary: "The Ed25519 public key that signs record receipts now, and every key that has signed any (keys: id, public key, first and last signature), so a receipt is checked with the key its key_id names", tag: 'Service records', auth: 'public', response: ZSigningKeyResponseSchema },
  { method: 'get', path: '/service-records/vin/{registration}', summary: 'The VIN last recorded for a registration', tag: 'Service records', auth: 'garage', pathParams: ZVinLookupRequestSchema, response: ZVinLookupResponseSchema, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/service-records/validate', summary: 'Check a registration and VIN before logging a service (warns when the VIN differs from the recorded one)', tag: 'Service records', auth: 'garage', body: ZValidateVehicleRequestSchema, response: ZValidateVehicleResponseSchema, errors: [400, 401, 403] },
  { method: 'post', path: '/service-records', summary: 'Log a service (confirmed e-mail, active or trialing subscription; password re-checked; Idempotency-Key honoured)', tag: 'Service records', auth: 'garage', body: ZCreateServiceRecordRequestSchema, response: ZCreateServiceRecordResponseSchema, successStatus: 201, errors: [400, 401, 403, 409, 429, 503] },
  { method: 'get', path: '/service-records/mine', summary: "The signed-in garage's records, newest first, one page at a time", tag: 'Service records', auth: 'garage', query: ZMyServiceRecordsQuerySchema, response: ZMyServiceRecordsResponseSchema, errors: [400, 401, 403] },
  { method: 'patch', path: '/service-records/{id}', summary: "Amend a record: the correction and its reason are appended to the vehicle's chain, the garage is told by e-mail", tag: 'Admin', auth: 'admin', pathParams: ZServiceRecordIdParamSchema, body: ZAmendServiceRecordRequestSchema, response: ZAmendServiceRecordResponseSchema, errors: [400, 401, 403, 404, 409] },
  { method: 'delete', path: '/service-records/{id}', summary: "Withdraw a record from the public lookup and the garage's list (the chain keeps it and its withdrawal), with the reason as the JSON body", tag: 'Admin', auth: 'admin', pathParams: ZServiceRecordIdParamSchema, body: ZWithdrawServiceRecordRequestSchema, response: ZWithdrawServiceRecordResponseSchema, errors: [400, 401, 403, 404, 409] },
  // Admin
  { method: 'get', path: '/admin/data', summary: 'The overview totals, recent admin actions, and a page of garages and of service records (searchable, keyset-paged)', tag: 'Admin', auth: 'admin', query: ZAdminDataQuerySchema, response: ZAdminDataResponseSchema, errors: [400, 401, 403] },
  { method: 'get', path: '/admin/status', summary: "The platform's live health: each service's readiness, Redis, and every event queue with its dead events", tag: 'Admin', auth: 'admin', response: ZAdminStatusResponseSchema, errors: [401, 403] },
  { method: 'post', path: '/admin/events/{service}/{id}/retry', summary: 'Deliver a dead event to its consumer again, with fresh attempts', tag: 'Admin', auth: 'admin', pathParams: ZRetryEventParamSchema, response: ZRetryEventResponseSchema, errors: [400, 401, 403, 404, 503] },
  { method: 'post', path: '/garages/{id}/suspension', summary: 'Suspend a garage, with a reason: it cannot sign in, add records or use billing until reinstated; its records stay public; it is told by e-mail', tag: 'Admin', auth: 'admin', pathParams: ZUserIdParamSchema, body: ZGarageSuspensionRequestSchema, response: ZGarageSuspensionResponseSchema, errors: [400, 401, 403, 404, 409] },
  { method: 'delete', path: '/garages/{id}/suspension', summary: 'Reinstate a suspended garage, with a reason; it is told by e-mail', tag: 'Admin', auth: 'admin', pathParams: ZUserIdParamSchema, body: ZGarageSuspensionRequestSchema, response: ZGarageSuspensionResponseSchema, errors: [400, 401, 403, 404, 409] },
  // Identity
  { method: 'post', path: '/auth/login', summary: 'Sign in with e-mail and password (403 for a suspended garage with the right password); the refresh token is set as the HttpOnly session cookie, never in the body', tag: 'Identity', auth: 'public', body: ZLoginRequestSchema, response: ZLoginResponseSchema, errors: [400, 401, 403, 429] },
  { method: 'post', path: '/auth/login/second-factor', summary: "Finish a sign-in that login answered with a challenge: a code from the user's authenticator app, or one of their recovery codes (wrong codes share a per-account budget: 429 once spent)", tag: 'Identity', auth: 'public', body: ZLoginSecondFactorRequestSchema, response: ZLoginSecondFactorResponseSchema, errors: [400, 401, 403, 429, 503] },
  { method: 'post', path: '/auth/refresh', summary: "Rotate the session cookie's refresh token for a new session and cookie (reuse revokes the family; no cookie is 401; without the X-Wrenchmark-Session header 403; a suspended garage gets 403)", tag: 'Identity', auth: 'public', headers: ZSessionCookieHeadersSchema, cookies: ZSessionCookieSchema, response: ZRefreshResponseSchema, errors: [401, 403, 429] },
  { method: 'post', path: '/auth/logout', summary: "Revoke the session cookie's refresh token and its family, and clear the cookie (without the X-Wrenchmark-Session header 403)", tag: 'Identity', auth: 'public', headers: ZSessionCookieHeadersSchema, cookies: ZSessionCookieSchema, response: ZLogoutResponseSchema, errors: [403] },
  { method: 'get', path: '/auth/me', summary: 'The signed-in user and their type (403 for a suspended garage)', tag: 'Identity', auth: 'signed-in', response: ZMeResponseSchema, errors: [401, 403] },
  { method: 'get', path: '/auth/public-key', summary: 'The public key that verifies access tokens (RS256)', tag: 'Identity', auth: 'public', response: ZPublicKeyResponseSchema },
  { method: 'post', path: '/auth/forgot-password', summary: 'Send a password-reset link if the account exists (the answer never says)', tag: 'Identity', auth: 'public', body: ZForgotPasswordRequestSchema, response: ZForgotPasswordResponseSchema, errors: [400, 429] },
  { method: 'post', path: '/auth/reset-password', summary: 'Set a new password with a single-use reset token', tag: 'Identity', auth: 'public', body: ZResetPasswordRequestSchema, response: ZResetPasswordResponseSchema, errors: [400] },
  { method: 'post', path: '/users/confirm-email', summary: 'Confirm an e-mail address with the mailed token', tag: 'Identity', auth: 'public', body: ZConfirmEmailRequestSchema, response: ZConfirmEmailResponseSchema, errors: [400] },
  { method: 'post', path: '/users/resend-confirmation', summary: 'Send a new confirmation link', tag: 'Identity', auth: 'signed-in', response: ZResendConfirmationResponseSchema, errors: [401] },
  { method: 'patch', path: '/users/email/{id}', summary: "Change a user's e-mail (the user with the current password, or an admin with a reason, kept in the audit of admin actions); the old address gets an undo link, other sessions end", tag: 'Identity', auth: 'signed-in', pathParams: ZUserIdParamSchema, body: ZUpdateEmailRequestSchema, response: ZUpdateEmailResponseSchema, errors: [400, 401, 403, 404, 409, 429] },
  { method: 'post', path: '/users/undo-email-change', summary: 'Restore the previous e-mail with the single-use link mailed to it (signs the user out everywhere)', tag: 'Identity', auth: 'public', body: ZUndoEmailChangeRequestSchema, response: ZUndoEmailChangeResponseSchema, errors: [400, 409, 429] },
  { method: 'patch', path: '/users/password/{id}', summary: "Change a user's password (the user with the current one, checked against the account's password budget, or an admin with a reason, kept in the audit of admin actions)", tag: 'Identity', auth: 'signed-in', pathParams: ZUserIdParamSchema, body: ZUpdatePasswordRequestSchema, response: ZUpdatePasswordResponseSchema, errors: [400, 401, 403, 404, 429] },
  { method: 'get', path: '/users/second-factor', summary: "Whether the caller's two-step verification is on, required, and how many recovery codes are left (an admin's enrolment token may call it)", tag: 'Identity', auth: 'signed-in', response: ZSecondFactorStatusResponseSchema, errors: [401] },
  { method: 'post', path: '/users/second-factor/enrolment', summary: 'Start (or restart) setting up two-step verification: a new secret, its otpauth URI and QR code, shown until confirmed (an admin\'s enrolment token may call it)', tag: 'Identity', auth: 'signed-in', response: ZStartSecondFactorEnrolmentResponseSchema, errors: [401, 409] },
  { method: 'post', path: '/users/second-factor/enrolment/confirm', summary: 'Prove the enrolment with a code from the app: it is on from now, and the recovery codes are answered once (with an enrolment token, the session too)', tag: 'Identity', auth: 'signed-in', body: ZConfirmSecondFactorEnrolmentRequestSchema, response: ZConfirmSecondFactorEnrolmentResponseSchema, errors: [400, 401, 409, 429, 503] },
  { method: 'delete', path: '/users/second-factor', summary: 'Turn two-step verification off with the password and a code (refused for an admin where it is required)', tag: 'Identity', auth: 'signed-in', body: ZDisableSecondFactorRequestSchema, response: ZDisableSecondFactorResponseSchema, errors: [400, 401, 403, 409, 429, 503] },
  // Garages
  { method: 'post', path: '/companies/validate', summary: 'Check a company number and name with Companies House', tag: 'Garages', auth: 'public', body: ZCompanyValidateRequestSchema, response: ZCompanyValidateResponseSchema, errors: [400, 429, 502] },
  { method: 'post', path: '/garages/check-duplicates', summary: 'Whether the company already has an account (never whether an e-mail has one: that is the signup\'s own 409); under the credential budget', tag: 'Garages', auth: 'public', body: ZCheckDuplicatesRequestSchema, response: ZCheckDuplicatesResponseSchema, errors: [400, 429] },
  { method: 'post', path: '/garages/validate-referral', summary: "Check another garage's referral code", tag: 'Garages', auth: 'public', body: ZValidateReferralRequestSchema, response: ZValidateReferralResponseSchema, errors: [400] },
  { method: 'post', path: '/garages', summary: 'Register a garage and its account (409 duplicate_email: the address has an account, sign in or reset the password)', tag: 'Garages', auth: 'public', body: ZCreateGarageRequestSchema, response: ZCreateGarageResponseSchema, successStatus: 201, errors: [400, 409, 429, 500, 502] },
  { method: 'get', path: '/garages/me', summary: "The signed-in garage's profile", tag: 'Garages', auth: 'garage', response: ZGarageProfileResponseSchema, errors: [401, 403, 404] },
  { method: 'post', path: '/garages/{id}/release-company', summary: 'Free the company number held by a garage whose e-mail was never confirmed (the garage is told by e-mail)', tag: 'Garages', auth: 'admin', pathParams: ZUserIdParamSchema, response: ZReleaseCompanyResponseSchema, errors: [400, 401, 403, 404, 409] },
  { method: 'patch', path: '/users/phone/{id}', summary: "Change a garage's phone number (the garage, or an admin with a reason, kept in the audit of admin actions)", tag: 'Garages', auth: 'signed-in', pathParams: ZUserIdParamSchema, body: ZUpdatePhoneRequestSchema, response: ZUpdatePhoneResponseSchema, errors: [400, 401, 403, 404] },
  // Billing
  { method: 'get', path: '/billing/plans', summary: 'The plan catalogue', tag: 'Billing', auth: 'public', response: ZPlansResponseSchema },
  { method: 'post', path: '/stripe/create-checkout-session', summary: "Start Stripe Checkout for the plan, with a 14-day trial (the garage's e-mail must be confirmed)", tag: 'Billing', auth: 'garage', body: ZCreateCheckoutSessionRequestSchema, response: ZCheckoutSessionResponseSchema, errors: [400, 401, 403, 409, 502] },
  { method: 'post', path: '/stripe/webhook', summary: "Stripe's signed events (raw body, Stripe-Signature header)", tag: 'Billing', auth: 'stripe-signature', response: ZWebhookAckSchema, errors: [400] },
  { method: 'get', path: '/billing/subscription', summary: "The signed-in garage's subscription", tag: 'Billing', auth: 'garage', query: ZSubscriptionQuerySchema, response: ZSubscriptionResponseSchema, errors: [400, 401, 403] },
  { method: 'post', path: '/billing/subscription/sync', summary: "Store what the garage's own checkout session made, straight from Stripe (the checkout-success page)", tag: 'Billing', auth: 'garage', body: ZSyncSubscriptionRequestSchema, response: ZSubscriptionResponseSchema, errors: [400, 401, 403] },
  { method: 'post', path: '/billing/portal', summary: "A Stripe customer-portal link (cancel, change card)", tag: 'Billing', auth: 'garage', response: ZBillingPortalResponseSchema, errors: [401, 403, 404] },
  // Contact
  { method: 'post', path: '/contact', summary: 'Send a message to support', tag: 'Contact', auth: 'public', body: ZContactRequestSchema, response: ZContactResponseSchema, errors: [400, 429] },
  { method: 'post', path: '/contact/garage', summary: 'Ask for a callback about adding a garage', tag: 'Contact', auth: 'public', body: ZCallbackRequestSchema, response: ZCallbackResponseSchema, successStatus: 201, errors: [400, 429] },
];
