/**
 * Every message a user sees, verbatim from SPEC.md sections 5 and 8. Server and SPA both read them
 * from here so the wording exists once.
 */
export const MESSAGES = {
  login: {
    failed: 'Login failed. Please try again.',
    invalidCredentials: 'Invalid email or password',
    notGarage: 'This account is not registered as a garage',
  },
  signup: {
    garageNameRequired: 'Garage name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    phoneRequired: 'Phone number is required',
    phoneInvalid: 'Please enter a valid UK phone number (11 digits starting with 0)',
    companyNumberRequired: 'Companies House number is required',
    companyNotValidated: 'Please validate your company details',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 6 characters',
    passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
    passwordsDoNotMatch: 'Passwords do not match',
    validateNeedsNumber: 'Please enter a Companies House number',
    validateNeedsName: 'Please enter your garage name before validating',
    referralRequired: 'Please enter a referral code',
    referralNotValidated: 'Please enter a valid referral code',
    validateCompanyFirst: 'Please validate your company first',
    duplicateEmail:
      'An account with this email address already exists. Please use a different email or try logging in.',
    duplicateCompany:
      'An account registered to this company already exists. Please contact support if you believe this is an error.',
    garageCreateFailed: 'Failed to create garage record. Please try again or contact support.',
    accountCreateFailed: 'Failed to create account. Please try again.',
    companyValidateFailed: 'Failed to validate company number. Please try again.',
    referralValidateFailed: 'Failed to validate referral code',
    referralInvalid: 'Invalid referral code',
    success: 'Account created successfully! Redirecting to checkout...',
  },
  forgotPassword: {
    failed: 'Failed to send reset email. Please try again.',
  },
  resetPassword: {
    tooShort: 'Password must be at least 6 characters long.',
    mismatch: 'Passwords do not match.',
    invalidLink: 'Invalid or expired reset link. Please request a new password reset.',
    failed: 'Failed to reset password. Please try again.',
    success: 'Password Reset Successfully!',
  },
  checkout: {
    createFailed: 'Failed to create checkout session',
    noUrl: 'No checkout URL received',
    startFailed: 'Failed to start checkout process',
    cancelled: 'Payment was cancelled. You can try again when ready.',
  },
  checkoutSuccess: {
    verificationIssue: 'Payment Verification Issue',
    noSession: 'Verification Error / No payment session found',
  },
  lookup: {
    noRegistration: 'No registration number provided',
    noRecords: 'No service records found',
  },
  dashboard: {
    loadFailed: 'Failed to load service history',
  },
  admin: {
    loadFailed: 'Failed to load admin data. Please check the console for details.',
    updateFailed: 'Failed to update service record. Please try again.',
    deleteFailed: 'Failed to delete record',
  },
  manager: {
    searchFailed: 'Failed to search records. Please try again.',
    deleteFailed: 'Failed to delete service record',
  },
  submit: {
    failed: 'Failed to submit service record.',
    passwordMismatch: 'Password does not match. Service not uploaded.',
    fillAllFields: 'Please fill in all fields',
    success: 'Service record submitted successfully!',
  },
  settings: {
    emailFailed: 'Failed to update email',
    phoneFailed: 'Failed to update phone',
    passwordFailed: 'Failed to update password',
    fillPasswordFields: 'Please fill in all password fields',
    newPasswordsMismatch: 'New passwords do not match',
    newPasswordTooShort: 'New password must be at least 6 characters',
  },
  callback: {
    nameRequired: 'Please provide your full name and garage name',
    bestTimeRequired: 'Please select the best time to call',
    phoneRequired: 'Phone number is required',
    failed: 'Failed to submit your request. Please try again.',
    success: "Thanks! We'll be in touch shortly.",
  },
  contact: {
    allRequired: 'All fields are required.',
    invalidEmail: 'Invalid email format.',
    failed: 'Failed to send message.',
    success: 'Message sent successfully! We will respond within 24 hours.',
  },
  confirmEmail: {
    invalidLink: 'Invalid confirmation link.',
    invalidOrExpired: 'Invalid or expired link.',
    failed: 'Verification failed. Please try again.',
    verifying: 'Verifying your email...',
    success: 'Your email has been confirmed! Redirecting...',
  },
  authContext: {
    missingProvider: 'useAuth must be used within an AuthProvider',
  },
  /** Messages of ours for cases SPEC.md does not word. */
  platform: {
    internal: 'Something went wrong on our side. Please try again.',
    notFound: 'Not found',
    unauthorized: 'Please sign in to continue',
    forbidden: 'You do not have permission to do that',
    rateLimited: 'Too many requests. Please wait a moment and try again.',
    serviceUnavailable: 'This part of the service is temporarily unavailable. Please try again shortly.',
    badGateway: 'This part of the service did not answer. Please try again shortly.',
    invalidRequest: 'The request was not valid',
    registrationTooLong: 'A registration number has at most 7 letters and digits',
    registrationInvalidCharacters: 'A registration number may contain only letters and digits',
    subscriptionRequired: 'An active subscription is needed to do that',
    networkFailure: 'We could not reach the service. Please check your connection and try again.',
    mileageAnomaly: 'Mileage lower than an earlier record',
  },
} as const;
