import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { STORAGE_MESSAGES, storageErrors } from './errors';

/**
 * Tokens of signed URLs: signed with the project secret, naming `<bucket>/<name>` and what they allow
 * (`download` or `upload`), as Supabase Storage issues them. They carry no `role`, so they can never act as an API key,
 * and the scope keeps a download link from being used to upload and the other way round.
 */
export type SignedScope = 'download' | 'upload';

export interface DownloadToken {
  url: string;
  scope: 'download';
  /** comma-separated transform segments (`width:96,resize:cover`) when the link renders an image */
  transformations?: string;
  exp: number;
}

export interface UploadToken {
  url: string;
  scope: 'upload';
  owner: string | null;
  upsert: boolean;
  exp: number;
}

/** A week, the longest a signed download URL may live, as Supabase allows. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;
/** Signed upload URLs live two hours, Supabase's default. */
export const SIGNED_UPLOAD_URL_SECONDS = 2 * 3600;

export class SignedUrlTokens {
  private readonly secret: Uint8Array;

  constructor(jwtSecret: string) {
    this.secret = new TextEncoder().encode(jwtSecret);
  }

  private async sign(payload: Record<string, unknown>, seconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + seconds)
      .sign(this.secret);
  }

  signDownload(url: string, seconds: number, transformations?: string): Promise<string> {
    return this.sign({ url, scope: 'download', ...(transformations ? { transformations } : {}) }, seconds);
  }

  signUpload(url: string, owner: string | null, upsert: boolean): Promise<string> {
    return this.sign({ url, scope: 'upload', owner, upsert }, SIGNED_UPLOAD_URL_SECONDS);
  }

  /** Checks signature, expiry, scope and that the token names exactly `<bucket>/<name>`. */
  async verify(token: string | undefined, url: string, scope: 'download'): Promise<DownloadToken>;
  async verify(token: string | undefined, url: string, scope: 'upload'): Promise<UploadToken>;
  async verify(token: string | undefined, url: string, scope: SignedScope): Promise<DownloadToken | UploadToken> {
    if (!token) throw storageErrors.invalidSignature('Missing token');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw storageErrors.expiredSignature();
      throw storageErrors.invalidJwt('invalid signature');
    }
    if (payload.scope !== scope) throw storageErrors.invalidSignature(STORAGE_MESSAGES.wrongScope(scope));
    if (payload.url !== url) throw storageErrors.invalidSignature();
    return payload as unknown as DownloadToken | UploadToken;
  }
}
