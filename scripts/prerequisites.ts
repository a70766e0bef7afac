import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findPostgresBin, pgCronPackage, POSTGRES_INSTALL_COMMAND } from '../supabase/local/postgres';

export const CHROMIUM_INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium';

const isRoot = () => process.getuid?.() === 0;
const isDebian = () => existsSync('/etc/debian_version');

function install(what: string, command: string): boolean {
  if (!(isRoot() && isDebian())) {
    console.error(`${what} is missing. Install it with:\n  sudo ${command}`);
    return false;
  }
  console.log(`[prerequisites] installing ${what}: ${command}`);
  try {
    execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return true;
  } catch {
    console.error(`[prerequisites] installing ${what} failed. Run it yourself:\n  ${command}`);
    return false;
  }
}

/** PostgreSQL 15+ server binaries: installed with apt when we are root on Debian, else the command is printed. */
export function ensurePostgres(): boolean {
  const bin = findPostgresBin() ?? (install('PostgreSQL server (15 or newer)', POSTGRES_INSTALL_COMMAND) ? findPostgresBin() : null);
  return bin !== null && ensurePgCron(bin);
}

/** pg_cron for the cluster's major version, as Supabase has it (migrations may schedule jobs). */
function ensurePgCron(bin: string): boolean {
  if (existsSync(join(bin, '..', 'lib', 'pg_cron.so'))) return true;
  return install('pg_cron', `apt-get update && apt-get install -y ${pgCronPackage(bin)}`) && existsSync(join(bin, '..', 'lib', 'pg_cron.so'));
}

export function chromiumPath(): string | null {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Debian's Chromium for the e2e tests (Playwright cannot download browsers here). */
export function ensureChromium(): boolean {
  if (chromiumPath()) return true;
  return install('Chromium', CHROMIUM_INSTALL_COMMAND) && chromiumPath() !== null;
}
