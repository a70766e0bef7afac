import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export interface Claims extends JWTPayload {
  role: string;
  sub?: string;
  email?: string;
  aud?: string | string[];
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  aal?: string;
  is_anonymous?: boolean;
}

export type JwtErrorReason = 'missing' | 'malformed' | 'expired' | 'bad_signature' | 'unsupported_alg';

export class JwtError extends Error {
  constructor(
    readonly reason: JwtErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

export interface JwtService {
  sign(claims: Claims, expiresInSeconds?: number): Promise<string>;
  verify(token: string | undefined | null): Promise<Claims>;
}

export function createJwtService(secret: string, defaultExpiry: number): JwtService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, expiresInSeconds = defaultExpiry) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(claims.iat ?? now)
        .setExpirationTime(claims.exp ?? now + expiresInSeconds)
        .sign(key);
    },
    async verify(token) {
      if (!token) throw new JwtError('missing', 'No authorization token was found');
      try {
        // Only HS256 is accepted: `alg: none` and asymmetric algorithms are refused by the allow-list.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.role !== 'string') throw new JwtError('malformed', 'invalid JWT: role claim missing');
        return payload as Claims;
      } catch (err) {
        if (err instanceof JwtError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'invalid JWT: token is expired');
        if (err instanceof joseErrors.JOSEAlgNotAllowed) throw new JwtError('unsupported_alg', 'invalid JWT: signing method not allowed');
        if (err instanceof joseErrors.JWSSignatureVerificationFailed) throw new JwtError('bad_signature', 'invalid JWT: signature is invalid');
        throw new JwtError('malformed', 'invalid JWT: unable to parse or verify signature');
      }
    },
  };
}

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1];
}
