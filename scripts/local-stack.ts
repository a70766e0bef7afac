/**
 * What this project adds to the local Supabase stack (`supabase/local`, a package that knows
 * nothing of the app): the VAPID key pair its push function signs with, pointing the
 * notifications webhook at that function, and the seeded community's pictures. `npm start`, `npm run supabase:*`, the test setups and
 * the benches all start the stack with these options.
 */
import { resolve } from 'node:path';
import pg from 'pg';
import webpush from 'web-push';
import type { CliOptions } from '../supabase/local/cli';
import type { StartedStack } from '../supabase/local/stack';
import { seedDemoImages } from './demo-images';

export const PROJECT_DIR = resolve(import.meta.dirname, '..');

/** Web Push keys, made once per data directory (push subscriptions are bound to the public one); the environment's win. */
function vapidKeys(): Record<string, string> {
  const made = webpush.generateVAPIDKeys();
  return {
    VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY ?? made.publicKey,
    VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY ?? made.privateKey,
  };
}

/**
 * Points the notifications push webhook (migration *_push_delivery.sql) at this stack's send-push
 * function. Every start, because the API port may differ between runs; hosted deploys run the same
 * statement once (README).
 */
export async function configurePushDelivery({ config, keys }: StartedStack): Promise<void> {
  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>(`select to_regprocedure('private.configure_push_delivery(text,text,integer)') is not null as ok`);
    if (!rows[0]?.ok) return;
    await client.query('select private.configure_push_delivery($1, $2)', [`${config.apiUrl}/functions/v1/send-push`, keys.serviceRoleKey]);
  } finally {
    await client.end();
  }
}

/** The seeded community also has pictures in the project's own storage, as members who upload them do: once, after the seed. */
export async function seedDemoPictures({ config, migrations, log }: StartedStack): Promise<void> {
  if (migrations.seeded) await seedDemoImages(config, log);
}

export const APP_STACK_OPTIONS: CliOptions = {
  projectDir: PROJECT_DIR,
  extraKeys: vapidKeys,
  afterStart: [configurePushDelivery, seedDemoPictures],
};
