import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { SigningKey } from '../signing-keys';

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
  /** the public halves of the asymmetric signing keys, as `/auth/v1/.well-known/jwks.json` lists them */
  publicJwks(): SigningKey['publicJwk'][];
}

/**
 * Tokens are signed with the first signing key whose `key_ops` include `sign` (its `alg`, its `kid` in the header), or
 * HS256 with the secret when there is none. Verification takes both, as Supabase Auth does while the legacy secret is
 * still active: a `kid` naming one of the keys is checked with that key's public half and its algorithm only; a token
 * without a known `kid` is checked as HS256 with the secret; anything else (another algorithm, an unknown key) is refused.
 */
export function createJwtService(secret: string, defaultExpiry: number, signingKeys: SigningKey[] = []): JwtService {
  const hmac = new TextEncoder().encode(secret);
  const signer = signingKeys.find((k) => k.signs);
  const byKid = new Map(signingKeys.map((k) => [k.kid, k]));
  return {
    async sign(claims, expiresInSeconds = defaultExpiry) {
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT({ ...claims })
        .setProtectedHeader(signer ? { alg: signer.alg, kid: signer.kid, typ: 'JWT' } : { alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(claims.iat ?? now)
        .setExpirationTime(claims.exp ?? now + expiresInSeconds);
      return jwt.sign(signer ? signer.privateKey : hmac);
    },
    async verify(token) {
      if (!token) throw new JwtError('missing', 'No authorization token was found');
      try {
        let header: ReturnType<typeof decodeProtectedHeader>;
        try {
          header = decodeProtectedHeader(token);
        } catch {
          throw new JwtError('malformed', 'invalid JWT: unable to parse or verify signature');
        }
        const key = typeof header.kid === 'string' ? byKid.get(header.kid) : undefined;
        // The allow-lists refuse `alg: none` and any algorithm other than the one the key is for.
        const { payload } = key ? await jwtVerify(token, key.publicKey, { algorithms: [key.alg] }) : await jwtVerify(token, hmac, { algorithms: ['HS256'] });
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
    publicJwks() {
      return signingKeys.map((k) => k.publicJwk);
    },
  };
}

/**
 * What PostgREST (`PGRST_JWT_SECRET`) and the other services verify tokens with: a JWK Set of the legacy secret (as an
 * `oct` key) and the public signing keys, so either kind of token passes everywhere.
 */
export function verificationJwks(secret: string, signingKeys: SigningKey[]): string {
  const oct = { kty: 'oct', k: Buffer.from(secret).toString('base64url') };
  return JSON.stringify({ keys: [oct, ...signingKeys.map((k) => k.publicJwk)] });
}

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1];
}
