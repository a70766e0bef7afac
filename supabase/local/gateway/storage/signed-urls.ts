import type { FastifyInstance } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { callerClaims } from './auth';
import type { StorageDeps } from './deps';
import { storageErrors } from './errors';
import { assertBucketName, validObjectName } from './paths';
import { findObject } from './queries';
import { sendObject } from './serve';

interface SignBody {
  expiresIn?: unknown;
  paths?: unknown;
}

interface ObjectParams {
  bucket: string;
  '*': string;
}

/** A week, the longest a signed URL may live, as Supabase allows. */
const MAX_EXPIRES_IN = 7 * 24 * 3600;

function expiresIn(value: unknown): number {
  const seconds = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(seconds) || seconds < 1) throw storageErrors.invalidRequest('expiresIn must be a positive number of seconds');
  return Math.min(Math.floor(seconds), MAX_EXPIRES_IN);
}

/**
 * Signed URLs: a token signed with the project secret that names `<bucket>/<name>`, as Supabase Storage
 * issues them. Signing requires that the caller may read the object; using the URL needs no other credential.
 * The token carries no `role`, so it can never act as an API key.
 */
export function registerSignedUrlRoutes(app: FastifyInstance, { ctx, store }: StorageDeps): void {
  const secret = new TextEncoder().encode(ctx.keys.jwtSecret);

  const sign = async (url: string, seconds: number) => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ url }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + seconds).sign(secret);
    return `/object/sign/${url}?token=${token}`;
  };

  app.post<{ Params: ObjectParams; Body: SignBody }>('/object/sign/:bucket/*', async (request) => {
    const claims = await callerClaims(ctx, request);
    const bucket = request.params.bucket;
    assertBucketName(bucket);
    const name = validObjectName(request.params['*']);
    const seconds = expiresIn(request.body?.expiresIn);
    const object = await ctx.withClaims(claims, (db) => findObject(db, bucket, name));
    if (!object) throw storageErrors.objectNotFound();
    return { signedURL: await sign(`${bucket}/${name}`, seconds) };
  });

  app.post<{ Params: { bucket: string }; Body: SignBody }>('/object/sign/:bucket', async (request) => {
    const claims = await callerClaims(ctx, request);
    const bucket = request.params.bucket;
    assertBucketName(bucket);
    const seconds = expiresIn(request.body?.expiresIn);
    const paths = request.body?.paths;
    if (!Array.isArray(paths) || paths.length === 0) throw storageErrors.invalidRequest('paths must be a non-empty array');
    return ctx.withClaims(claims, async (db) => {
      const results = [];
      for (const path of paths) {
        const name = typeof path === 'string' ? path : String(path);
        const object = await findObject(db, bucket, name);
        results.push(
          object
            ? { error: null, path: name, signedURL: await sign(`${bucket}/${name}`, seconds) }
            : { error: 'Either the object does not exist or you do not have access to it', path: name, signedURL: null },
        );
      }
      return results;
    });
  });

  app.get<{ Params: ObjectParams; Querystring: { token?: string } }>('/object/sign/:bucket/*', async (request, reply) => {
    const bucket = request.params.bucket;
    assertBucketName(bucket);
    const name = validObjectName(request.params['*']);
    const token = request.query.token;
    if (!token) throw storageErrors.invalidSignature('Missing token');
    let url: unknown;
    try {
      ({ payload: { url } } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
    } catch (err) {
      throw storageErrors.invalidJwt(err instanceof joseErrors.JWTExpired ? 'jwt expired' : 'invalid signature');
    }
    if (url !== `${bucket}/${name}`) throw storageErrors.invalidSignature();
    const object = await findObject(ctx.storageDb, bucket, name);
    if (!object) throw storageErrors.objectNotFound();
    return sendObject(store, request, reply, object, true);
  });
}
