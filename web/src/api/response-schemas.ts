/**
 * The contract's schemas that code on the first page's path checks answers with. Nothing imports this module
 * statically: client.ts and the API modules load it (and zod with it) on the first call that needs it, so the
 * first load stays within its budget (scripts/check-bundle-budget.mjs).
 */
export {
  ZBillingPortalResponseSchema,
  ZCheckoutSessionResponseSchema,
  ZConfirmEmailResponseSchema,
  ZConfirmSecondFactorEnrolmentResponseSchema,
  ZDisableSecondFactorResponseSchema,
  ZErrorEnvelopeSchema,
  ZForgotPasswordResponseSchema,
  ZLoginResponseSchema,
  ZLoginSecondFactorResponseSchema,
  ZLogoutResponseSchema,
  ZMeResponseSchema,
  ZPlansResponseSchema,
  ZRefreshResponseSchema,
  ZResendConfirmationResponseSchema,
  ZResetPasswordResponseSchema,
  ZSecondFactorStatusResponseSchema,
  ZStartSecondFactorEnrolmentResponseSchema,
  ZSubscriptionResponseSchema,
  ZUndoEmailChangeResponseSchema,
  ZUpdateEmailResponseSchema,
  ZUpdatePasswordResponseSchema,
} from '@sh/shared/contract';
