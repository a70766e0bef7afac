import pg from 'pg';
import type { StackConfig } from '../config';
import type { StackKeys } from '../keys';
import { createJwtService, type Claims, type JwtService } from './jwt';

export interface GatewayContext {
  config: StackConfig;
  keys: StackKeys;
  /** superuser pool: bypasses RLS, use only for the server's own bookkeeping */
  db: pg.Pool;
  jwt: JwtService;
  /** runs `fn` in a transaction as the caller (role and JWT claims set), so RLS and grants apply */
  withClaims<T>(claims: Claims, fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** cleanup hooks run when the gateway stops */
  onClose(fn: () => Promise<void> | void): void;
}

const ALLOWED_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export function createContext(config: StackConfig, keys: StackKeys): GatewayContext & { close(): Promise<void> } {
  const db = new pg.Pool({ connectionString: config.dbUrl, max: 20, idleTimeoutMillis: 10_000 });
  // A dropped connection (for example while the database restarts) must not crash the gateway.
  db.on('error', (err) => console.error('[gateway] idle database client error:', err.message));
  const closers: Array<() => Promise<void> | void> = [];
  const jwt = createJwtService(keys.jwtSecret, config.auth.jwtExpiry);

  return {
    config,
    keys,
    db,
    jwt,
    async withClaims(claims, fn) {
      const role = ALLOWED_ROLES.has(claims.role) ? claims.role : 'anon';
      const client = await db.connect();
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
      await db.end();
    },
  };
}
