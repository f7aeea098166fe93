/** The two kinds of single-use e-mailed link; each has its own table of the same shape. */
export type OneTimeTokenKind = 'password_reset' | 'email_confirmation';
