/** The gateway's own answers for functions, in the words Supabase's edge runtime uses. */
export const FUNCTION_MESSAGES = {
  notFound: 'Requested function was not found',
  missingAuthorization: 'Missing authorization header',
  invalidJwt: 'Invalid JWT',
  crashed: 'Function exited due to an error (please check logs)',
  tooLarge: 'Request body is larger than the 10 MB limit',
} as const;
