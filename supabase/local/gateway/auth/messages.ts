/**
 * Every error code, message and limit the auth server answers with, worded as
 * GoTrue words them so @supabase/supabase-js raises the same errors as against
 * hosted Supabase. Tests import these instead of repeating the strings.
 */

export const AUTH_API_VERSION = '2024-01-01';
export const API_VERSION_HEADER = 'x-supabase-api-version';

/** bcrypt cost GoTrue uses */
export const BCRYPT_COST = 10;
/** bcrypt ignores bytes past 72; GoTrue refuses longer passwords instead */
export const MAX_PASSWORD_BYTES = 72;
/** how long an e-mailed link or code stays valid (Supabase's default "Email OTP Expiration") */
export const EMAIL_OTP_EXPIRY_SECONDS = 3600;
export const EMAIL_OTP_LENGTH = 6;
/** the window `emailRateLimitPerHour` counts over */
export const EMAIL_RATE_WINDOW_MS = 60 * 60 * 1000;
export const ADMIN_ROLES: readonly string[] = ['service_role', 'supabase_admin'];
export const DEFAULT_PER_PAGE = 50;

export const ErrorCodes = {
  badJson: 'bad_json',
  badJwt: 'bad_jwt',
  noAuthorization: 'no_authorization',
  notAdmin: 'not_admin',
  validationFailed: 'validation_failed',
  emailAddressInvalid: 'email_address_invalid',
  invalidCredentials: 'invalid_credentials',
  emailNotConfirmed: 'email_not_confirmed',
  userBanned: 'user_banned',
  userNotFound: 'user_not_found',
  userAlreadyExists: 'user_already_exists',
  emailExists: 'email_exists',
  weakPassword: 'weak_password',
  samePassword: 'same_password',
  signupDisabled: 'signup_disabled',
  otpDisabled: 'otp_disabled',
  otpExpired: 'otp_expired',
  sessionNotFound: 'session_not_found',
  sessionExpired: 'session_expired',
  refreshTokenNotFound: 'refresh_token_not_found',
  refreshTokenAlreadyUsed: 'refresh_token_already_used',
  overEmailSendRateLimit: 'over_email_send_rate_limit',
  overRequestRateLimit: 'over_request_rate_limit',
  reauthenticationNeeded: 'reauthentication_needed',
  reauthenticationNotValid: 'reauthentication_not_valid',
  emailProviderDisabled: 'email_provider_disabled',
  featureDisabled: 'feature_disabled',
  inviteNotFound: 'invite_not_found',
  samlProviderDisabled: 'saml_provider_disabled',
  mfaTotpEnrollDisabled: 'mfa_totp_enroll_not_enabled',
  mfaPhoneEnrollDisabled: 'mfa_phone_enroll_not_enabled',
  mfaWebAuthnEnrollDisabled: 'mfa_webauthn_enroll_not_enabled',
  mfaFactorNotFound: 'mfa_factor_not_found',
  manualLinkingDisabled: 'manual_linking_disabled',
  passkeyDisabled: 'passkey_disabled',
  web3ProviderDisabled: 'web3_provider_disabled',
  providerDisabled: 'provider_disabled',
  anonymousProviderDisabled: 'anonymous_provider_disabled',
  phoneProviderDisabled: 'phone_provider_disabled',
  flowStateNotFound: 'flow_state_not_found',
  badCodeVerifier: 'bad_code_verifier',
  notFound: 'not_found',
  unexpectedFailure: 'unexpected_failure',
  unknown: 'unknown',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export const Messages = {
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  userBanned: 'User is banned',
  userAlreadyRegistered: 'User already registered',
  emailExists: 'A user with this email address has already been registered',
  weakPasswordLength: (min: number) => `Password should be at least ${min} characters.`,
  passwordTooLong: `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
  samePassword: 'New password should be different from the old password.',
  signupRequiresPassword: 'Signup requires a valid password',
  signupRequiresEmail: 'To signup, please provide your email',
  missingEmailOrPhone: 'missing email or phone',
  emailAndPhoneOnLogin: 'Only an email address or phone number should be provided on login.',
  emailRequired: 'An email address is required',
  emailTooLong: 'An email address is too long',
  emailInvalid: 'Unable to validate email address: invalid format',
  phoneDisabled: 'Phone logins are disabled',
  invalidPhone: 'Invalid phone number format (E.164 required)',
  signupDisabled: 'Signups not allowed for this instance',
  otpSignupDisabled: 'Signups not allowed for otp',
  emailRateLimit: 'email rate limit exceeded',
  requestRateLimit: 'Request rate limit reached',
  weakPasswordCharacters: (sets: readonly string[]) => `Password should contain at least one character of each: ${sets.join(', ')}.`,
  noAuthorization: 'This endpoint requires a valid Bearer token',
  badJwt: (detail: string) => `invalid JWT: unable to parse or verify signature, ${detail}`,
  missingSub: 'invalid claim: missing sub claim',
  userFromSubMissing: 'User from sub claim in JWT does not exist',
  sessionFromJwtMissing: 'Session from session_id claim in JWT does not exist',
  notAdmin: 'User not allowed',
  userNotFound: 'User not found',
  userIdNotUuid: 'user_id must be an UUID',
  refreshTokenRequired: 'refresh_token required',
  refreshTokenNotFound: 'Invalid Refresh Token: Refresh Token Not Found',
  refreshTokenAlreadyUsed: 'Invalid Refresh Token: Already Used',
  refreshTokenUserBanned: 'Invalid Refresh Token: User Banned',
  refreshTokenSessionExpired: 'Invalid Refresh Token: Session Expired',
  unsupportedGrantType: 'unsupported_grant_type',
  logoutScope: (scope: string) => `Unsupported logout scope ${JSON.stringify(scope)}`,
  verifyTypeMissing: 'Verify requires a verification type',
  verifyTypeUnsupported: 'Unsupported verification type',
  verifyTokenMissing: 'Verify requires either a token or a token hash',
  otpExpired: 'Token has expired or is invalid',
  idTokenRequired: 'id_token required',
  idTokenProviderRequired: 'provider or client_id and issuer required',
  idTokenProviderDisabled: (issuer: string) => `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`,
  idTokenIssuerUndetected: (provider: string) => `Unable to detect issuer in ID token for ${provider} provider`,
  customOidcNotAllowed: (provider: string) => `Custom OIDC provider ${JSON.stringify(provider)} not allowed`,
  emailLinkExpired: 'Email link is invalid or has expired',
  resendTypeMissing: 'Missing one of these types: signup, email_change, sms, phone_change',
  resendEmailMissing: 'Type provided requires an email address',
  adminUserNeedsEmail: 'Cannot create a user without either an email or phone',
  invalidBanDuration: (raw: string) => `invalid format for ban duration: time: invalid duration ${JSON.stringify(raw)}`,
  invalidPasswordHash: 'Invalid password hash format',
  badJson: (detail: string) => `Could not parse request body as JSON: ${detail}`,
  unstorableMetadata: 'Metadata cannot contain NUL characters or unpaired UTF-16 surrogates',
  flowStateNotFound: 'invalid flow state, no valid flow state found',
  badCodeVerifier: 'code challenge does not match previously saved code verifier',
  databaseErrorSavingUser: 'Database error saving new user',
  unexpected: 'Unexpected failure, please check server logs for more information',
  notFound: 'Not Found',
  badPagination: (raw: string) => `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`,
  reauthenticationNeeded: 'Password update requires reauthentication',
  invalidNonce: 'Nonce has expired or is invalid',
  verifyEmailFirst: 'Please verify your email first.',
  reauthenticationNeedsEmail: 'Reauthentication requires the user to have an email or a phone number',
  userWithEmailNotFound: 'User with this email not found',
  invalidLinkType: (type: string) => `Invalid email action link type requested: ${type}`,
  secureEmailChangeDisabled: 'Enable secure email change to generate link for current email',
  providerNotEnabled: 'Unsupported provider: provider is not enabled',
  manualLinkingDisabled: 'Manual linking is disabled',
  mfaTotpEnrollDisabled: 'MFA enroll is disabled for TOTP',
  mfaPhoneEnrollDisabled: 'MFA enroll is disabled for Phone',
  mfaWebAuthnEnrollDisabled: 'MFA enroll is disabled for WebAuthn',
  mfaFactorNotFound: 'Factor not found',
  samlDisabled: 'SAML 2.0 is disabled',
  passkeysDisabled: 'Passkeys are disabled',
  oauthServerDisabled: 'OAuth server is disabled',
  anonymousDisabled: 'Anonymous sign-ins are disabled',
  web3Disabled: 'Web3 provider is disabled',
} as const;

/** subjects of the mails, as Supabase's default templates word them */
export const MailSubjects = {
  signup: 'Confirm Your Signup',
  invite: 'You have been invited',
  magiclink: 'Your Magic Link',
  recovery: 'Reset Your Password',
  email_change: 'Confirm Email Change',
} as const;
export const REAUTHENTICATION_SUBJECT = 'Confirm reauthentication';
/** a session younger than this may change its password without a reauthentication code (GoTrue's rule) */
export const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000;
export type MailType = keyof typeof MailSubjects;
