import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { PASSWORD_REQUIREMENTS } from './gateway/auth/password-requirements';
import { loadSigningKeys, type SigningKey } from './signing-keys';

export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableSignup: boolean;
  enableConfirmations: boolean;
  minimumPasswordLength: number;
  refreshTokenReuseInterval: number;
  /** e-mails per hour to one address, and from one IP, before 429 `over_email_send_rate_limit` */
  emailRateLimitPerHour: number;
  /** character sets a password must each draw from (GoTrue's `password_requirements`, expanded) */
  passwordRequiredCharacters: string[];
  rateLimits: AuthRateLimits;
  /** a password change from a session older than a day needs the e-mailed reauthentication code */
  securePasswordChange: boolean;
  /** `[auth] signing_keys_path` (relative to `supabase/`, as the CLI reads it), loaded: asymmetric keys tokens are signed with */
  signingKeys: SigningKey[];
}

/** Request budgets per client IP (GoTrue's `[auth.rate_limit]`), each over a 5 minute window. */
export interface AuthRateLimits {
  /** password sign-ins, sign-ups and mail-sending requests (recovery, magic link, resend) */
  signInSignUps: number;
  /** refresh-token and PKCE code exchanges */
  tokenRefresh: number;
  /** e-mailed link and code verifications */
  tokenVerifications: number;
  /** failed password sign-ins for one account from one client IP before that IP waits (30 s, doubling) */
  failedSignInsPerAddress: number;
  /** failed password sign-ins for one account from all IPs; past it only IPs the account has a session from may try */
  failedSignInsPerAccount: number;
}

function passwordRequirements(raw: string): string[] {
  const sets = PASSWORD_REQUIREMENTS[raw];
  if (!sets) {
    throw new Error(
      `auth.password_requirements must be one of ${Object.keys(PASSWORD_REQUIREMENTS)
        .map((k) => JSON.stringify(k))
        .join(', ')}, got "${raw}"`,
    );
  }
  return sets;
}

export interface FunctionSettings {
  verifyJwt: boolean;
  /** `import_map` (a deno.json or import map), absolute; relative paths in config.toml are from `supabase/`, as the CLI reads them */
  importMap?: string;
}

export interface StackConfig {
  /** the project: `supabase/` (config.toml, migrations, seed, functions) and `.local/` are under it */
  rootDir: string;
  localDir: string;
  host: string;
  apiPort: number;
  dbPort: number;
  postgrestPort: number;
  apiUrl: string;
  dbUrl: string;
  dbSchemas: string[];
  extraSearchPath: string[];
  maxRows: number;
  /**
   * Calls need an `apikey` (header, query or bearer) as on a hosted project; off, a call without one goes on as `anon`,
   * as behind the Supabase CLI's gateway (its Kong has no key check), which the client libraries' own suites rely on.
   */
  requireApiKey: boolean;
  auth: AuthSettings;
  functions: Record<string, FunctionSettings>;
  /** where migrations, seed and functions live */
  supabaseDir: string;
}

/** This package's own directory (bootstrap.sql). */
export const PACKAGE_DIR = dirname(fileURLToPath(import.meta.url));

/** The project the stack serves: the `projectDir` option, else SUPABASE_PROJECT_DIR, else the working directory (as the Supabase CLI does). */
export function projectDir(option?: string): string {
  return resolve(option ?? process.env.SUPABASE_PROJECT_DIR ?? process.cwd());
}

type Toml = Record<string, unknown>;
const section = (t: Toml, key: string): Toml => (t[key] && typeof t[key] === 'object' ? (t[key] as Toml) : {});

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

function boolEnv(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (!raw) return fallback;
  if (raw !== 'true' && raw !== 'false') throw new Error(`${name} must be true or false, got "${raw}"`);
  return raw === 'true';
}

export interface ConfigOverrides extends Partial<Pick<StackConfig, 'localDir' | 'apiPort' | 'dbPort' | 'postgrestPort'>> {
  /** the project directory; see projectDir() */
  projectDir?: string;
}

export function loadConfig(overrides: ConfigOverrides = {}): StackConfig {
  const root = projectDir(overrides.projectDir);
  const supabaseDir = join(root, 'supabase');
  const toml = parse(readFileSync(join(supabaseDir, 'config.toml'), 'utf8')) as Toml;
  const api = section(toml, 'api');
  const auth = section(toml, 'auth');
  const email = section(auth, 'email');
  const rate = section(auth, 'rate_limit');
  const fnSection = section(toml, 'functions');

  const host = '127.0.0.1';
  const localDir = resolve(overrides.localDir ?? process.env.SUPABASE_LOCAL_DIR ?? join(root, '.local'));
  const apiPort = overrides.apiPort ?? intEnv('SUPABASE_API_PORT', 54321);
  const dbPort = overrides.dbPort ?? intEnv('SUPABASE_DB_PORT', 54322);
  const postgrestPort = overrides.postgrestPort ?? intEnv('SUPABASE_POSTGREST_PORT', dbPort + 1);

  const functions: Record<string, FunctionSettings> = {};
  for (const [name, value] of Object.entries(fnSection)) {
    const v = (value ?? {}) as Toml;
    functions[name] = {
      verifyJwt: v.verify_jwt !== false,
      ...(typeof v.import_map === 'string' && v.import_map ? { importMap: resolve(supabaseDir, v.import_map) } : {}),
    };
  }

  const confirmEnv = process.env.SUPABASE_AUTH_ENABLE_CONFIRMATIONS;
  const signingKeysPath = process.env.SUPABASE_AUTH_SIGNING_KEYS_PATH ?? (typeof auth.signing_keys_path === 'string' ? auth.signing_keys_path : '');
  return {
    rootDir: root,
    localDir,
    host,
    apiPort,
    dbPort,
    postgrestPort,
    apiUrl: `http://${host}:${apiPort}`,
    dbUrl: `postgresql://postgres:postgres@${host}:${dbPort}/postgres`,
    dbSchemas: (api.schemas as string[] | undefined) ?? ['public'],
    extraSearchPath: (api.extra_search_path as string[] | undefined) ?? ['public', 'extensions'],
    maxRows: Number(api.max_rows ?? 1000),
    requireApiKey: boolEnv('SUPABASE_REQUIRE_API_KEY', true),
    auth: {
      siteUrl: process.env.SUPABASE_SITE_URL ?? String(auth.site_url ?? 'http://127.0.0.1:4173'),
      additionalRedirectUrls: (auth.additional_redirect_urls as string[] | undefined) ?? [],
      jwtExpiry: Number(auth.jwt_expiry ?? 3600),
      enableSignup: auth.enable_signup !== false && email.enable_signup !== false,
      enableConfirmations: confirmEnv ? confirmEnv === 'true' : email.enable_confirmations === true,
      minimumPasswordLength: Number(auth.minimum_password_length ?? 6),
      refreshTokenReuseInterval: Number(auth.refresh_token_reuse_interval ?? 10),
      emailRateLimitPerHour: intEnv('SUPABASE_AUTH_EMAIL_RATE_LIMIT', Number(rate.email_sent ?? 30)),
      passwordRequiredCharacters: passwordRequirements(process.env.SUPABASE_AUTH_PASSWORD_REQUIREMENTS ?? String(auth.password_requirements ?? '')),
      securePasswordChange: boolEnv('SUPABASE_AUTH_SECURE_PASSWORD_CHANGE', email.secure_password_change === true),
      signingKeys: signingKeysPath ? loadSigningKeys(resolve(supabaseDir, signingKeysPath)) : [],
      rateLimits: {
        signInSignUps: intEnv('SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS', Number(rate.sign_in_sign_ups ?? 30)),
        tokenRefresh: intEnv('SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH', Number(rate.token_refresh ?? 150)),
        tokenVerifications: intEnv('SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS', Number(rate.token_verifications ?? 30)),
        // Not Supabase CLI keys (the CLI refuses unknown keys in config.toml), so env only.
        failedSignInsPerAddress: intEnv('SUPABASE_AUTH_RATE_LIMIT_FAILED_SIGN_INS_PER_ADDRESS', 5),
        failedSignInsPerAccount: intEnv('SUPABASE_AUTH_RATE_LIMIT_FAILED_SIGN_INS_PER_ACCOUNT', 20),
      },
    },
    functions,
    supabaseDir,
  };
}
