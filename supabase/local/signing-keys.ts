import { createPrivateKey, createPublicKey, type KeyObject, type webcrypto } from 'node:crypto';

type JsonWebKey = webcrypto.JsonWebKey;
import { readFileSync } from 'node:fs';

/** The asymmetric algorithms Supabase Auth signs with (what `supabase gen signing-key` makes). */
export const SIGNING_ALGORITHMS = ['RS256', 'ES256'] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

/** One key of `[auth] signing_keys_path`: a private JWK, its public half as published, and the objects to sign and verify with. */
export interface SigningKey {
  kid: string;
  alg: SigningAlgorithm;
  /** `key_ops` names `sign`: tokens are signed with the first such key */
  signs: boolean;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** the public JWK as `/.well-known/jwks.json` lists it: no private parts, `use: sig`, `key_ops: [verify]` */
  publicJwk: JsonWebKey & { kid: string; alg: string; use: 'sig'; key_ops: ['verify'] };
}

type StoredJwk = JsonWebKey & { kid?: unknown; alg?: unknown; key_ops?: unknown };

function parseKey(raw: StoredJwk, index: number, file: string): SigningKey {
  const where = `${file}: key ${index + 1}`;
  if (typeof raw !== 'object' || raw === null) throw new Error(`${where} is not a JWK object`);
  if (typeof raw.kid !== 'string' || !raw.kid) throw new Error(`${where} has no "kid"`);
  if (!SIGNING_ALGORITHMS.includes(raw.alg as SigningAlgorithm)) {
    throw new Error(`${where} ("${raw.kid}") has "alg" ${JSON.stringify(raw.alg)}; supported: ${SIGNING_ALGORITHMS.join(', ')}`);
  }
  const alg = raw.alg as SigningAlgorithm;
  const expectedType = alg === 'RS256' ? 'RSA' : 'EC';
  if (raw.kty !== expectedType || (alg === 'ES256' && raw.crv !== 'P-256')) {
    throw new Error(`${where} ("${raw.kid}") is not an ${alg} key (kty ${JSON.stringify(raw.kty)}${raw.crv ? `, crv ${raw.crv}` : ''})`);
  }
  if (typeof raw.d !== 'string') throw new Error(`${where} ("${raw.kid}") is a public key; signing keys are private JWKs`);
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: raw, format: 'jwk' });
  } catch (err) {
    throw new Error(`${where} ("${raw.kid}") is not a valid key: ${(err as Error).message}`, { cause: err });
  }
  const publicKey = createPublicKey(privateKey);
  const keyOps = Array.isArray(raw.key_ops) ? raw.key_ops : [];
  return {
    kid: raw.kid,
    alg,
    signs: keyOps.includes('sign'),
    privateKey,
    publicKey,
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid: raw.kid, alg, use: 'sig', key_ops: ['verify'] },
  };
}

/**
 * Reads a signing keys file as the Supabase CLI writes it (`supabase gen signing-key`): a JSON array of private JWKs.
 * A file that cannot be read, or holds no key whose `key_ops` include `sign`, stops the start with the reason, as
 * Supabase Auth refuses to start then.
 */
export function loadSigningKeys(file: string): SigningKey[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`auth.signing_keys_path: failed to read signing keys from ${file}: ${(err as Error).message}`, { cause: err });
  }
  if (!Array.isArray(parsed)) throw new Error(`auth.signing_keys_path: ${file} must hold a JSON array of JWKs`);
  const keys = parsed.map((raw, i) => parseKey(raw as StoredJwk, i, file));
  if (!keys.some((k) => k.signs)) throw new Error(`auth.signing_keys_path: ${file} has no key whose "key_ops" include "sign"`);
  return keys;
}
