import pg from 'pg';
import type { StackConfig } from '../config';
import type { StackKeys } from '../keys';
import { roleDbUrl } from '../postgres';
import { createJwtService, type Claims, type JwtService } from './jwt';

/**
 * The role each gateway service connects as: the one the service uses on Supabase, with
 * only what it needs. None of them is a superuser.
 * - auth: owns the auth schema (GoTrue's supabase_auth_admin);
 * - storage: owns the storage tables for its bookkeeping and switches to the caller's
 *   role (through authenticator) for everything RLS decides;
 * - realtime: reads the WAL (REPLICATION) and checks rows as each subscriber;
 * - webhooks: owns the supabase_functions queue.
 */
export const SERVICE_ROLES = {
  auth: 'supabase_auth_admin',
  storage: 'supabase_storage_admin',
  realtime: 'supabase_realtime_admin',
  webhooks: 'supabase_functions_admin',
} as const;

export type GatewayService = keyof typeof SERVICE_ROLES;

export interface GatewayContext {
  config: StackConfig;
  keys: StackKeys;
  /** auth's own connections (auth schema) */
  authDb: pg.Pool;
  /** storage's bookkeeping (storage tables, RLS does not apply to their owner) */
  storageDb: pg.Pool;
  /** realtime's catalog look-ups and per-subscriber checks */
  realtimeDb: pg.Pool;
  /** the database webhook queue */
  webhooksDb: pg.Pool;
  /** connection string for a service's own dedicated connections (replication, LISTEN) */
  serviceDbUrl(service: GatewayService): string;
  jwt: JwtService;
  /**
   * Runs `fn` in a transaction as the caller (role and JWT claims set), so RLS and grants
   * apply, on one of the service pools (storage's unless told otherwise).
   */
  withClaims<T>(claims: Claims, fn: (client: pg.PoolClient) => Promise<T>, via?: pg.Pool): Promise<T>;
  /** cleanup hooks run when the gateway stops */
  onClose(fn: () => Promise<void> | void): void;
}

const ALLOWED_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export function createContext(config: StackConfig, keys: StackKeys): GatewayContext & { close(): Promise<void> } {
  const serviceDbUrl = (service: GatewayService) => roleDbUrl(config, SERVICE_ROLES[service]);
  const pool = (service: GatewayService, max: number) => {
    const p = new pg.Pool({ connectionString: serviceDbUrl(service), max, idleTimeoutMillis: 10_000, application_name: `gateway-${service}` });
    // A dropped connection (for example while the database restarts) must not crash the gateway.
    p.on('error', (err) => console.error(`[gateway] idle ${service} database client error:`, err.message));
    return p;
  };
  const authDb = pool('auth', 20);
  const storageDb = pool('storage', 20);
  const realtimeDb = pool('realtime', 10);
  const webhooksDb = pool('webhooks', 4);
  const closers: Array<() => Promise<void> | void> = [];
  const jwt = createJwtService(keys.jwtSecret, config.auth.jwtExpiry, config.auth.signingKeys);

  return {
    config,
    keys,
    authDb,
    storageDb,
    realtimeDb,
    webhooksDb,
    serviceDbUrl,
    jwt,
    async withClaims(claims, fn, via = storageDb) {
      const role = ALLOWED_ROLES.has(claims.role) ? claims.role : 'anon';
      const client = await via.connect();
      try {
        await client.query('begin');
        await client.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
          [role, JSON.stringify(claims), claims.sub ?? ''],
        );
        const result = await fn(client);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    onClose(fn) {
      closers.push(fn);
    },
    async close() {
      for (const fn of closers.reverse()) await fn();
      await Promise.all([authDb.end(), storageDb.end(), realtimeDb.end(), webhooksDb.end()]);
    },
  };
}
