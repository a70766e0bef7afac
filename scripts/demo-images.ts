import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import type { StackConfig } from '../supabase/local/config';
import { objectPath } from '../supabase/local/gateway/storage/paths';

/** The public bucket of member uploads, created by the migrations. */
export const DEMO_IMAGE_BUCKET = 'user-content-files';
/** At most this many seeded members get profile pictures stored in the project's own storage. */
export const DEMO_IMAGE_MEMBERS = 48;
const DEMO_IMAGE_PICKS_PER_LIST = 12;
/** The newest published blog posts get a cover stored there too. */
export const DEMO_BLOG_COVERS = 6;
export const DEMO_AVATAR_NAME = 'avatars/demo-avatar.jpg';
export const DEMO_BANNER_NAME = 'banners/demo-banner.jpg';

const PALETTES: [string, string][] = [
  ['#e11d48', '#312e81'],
  ['#0ea5e9', '#14532d'],
  ['#f59e0b', '#7c2d12'],
  ['#a855f7', '#0f172a'],
];

function gradient(width: number, height: number, [from, to]: [string, string]): Buffer {
  const r = Math.min(width, height) * 0.25;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.3}" cy="${height * 0.4}" r="${r}" fill="#fff" fill-opacity="0.25"/></svg>`,
  );
}

/**
 * A photo-like JPEG (gradient with film grain): about the weight of a picture straight from a phone camera,
 * so what the app downloads for it is a fair measure of resizing.
 */
async function photo(width: number, height: number, palette: [string, string]): Promise<Buffer> {
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  return sharp(gradient(width, height, palette))
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Generated once per checkout and kept under `.local`, so fresh test stacks do not pay for it again. */
async function cachedPhoto(cacheDir: string, key: string, make: () => Promise<Buffer>): Promise<string> {
  const file = join(cacheDir, `${key}.jpg`);
  if (!existsSync(file)) {
    await mkdir(cacheDir, { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, await make());
    // A rename is atomic: two stacks starting at once never read a half-written picture.
    await rename(tmp, file);
  }
  return file;
}

/** Puts `file` in the public bucket under `name`, owned by `ownerId`, as an upload would; returns its public URL. */
async function storeObject(client: pg.Client, config: StackConfig, ownerId: string, name: string, file: string): Promise<string> {
  const target = objectPath(config.localDir, DEMO_IMAGE_BUCKET, name);
  await mkdir(dirname(target), { recursive: true });
  const bytes = await readFile(file);
  await writeFile(target, bytes);
  const size = bytes.length;
  const now = new Date().toISOString();
  const metadata = {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size,
    mimetype: 'image/jpeg',
    cacheControl: 'max-age=3600',
    lastModified: now,
    contentLength: size,
    httpStatusCode: 200,
  };
  await client.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata)
     values ($1, $2, $3::uuid, $3::text, $4, $5::jsonb)
     on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version`,
    [DEMO_IMAGE_BUCKET, name, ownerId, randomUUID(), JSON.stringify(metadata)],
  );
  return `${config.apiUrl}/storage/v1/object/public/${DEMO_IMAGE_BUCKET}/${name}`;
}

/**
 * Gives the seeded members a visitor meets first an avatar and a banner stored in the project's public bucket, as
 * members who upload their own pictures have: files in `<uid>/avatars` and `<uid>/banners`, rows in
 * `storage.objects`, and the profile pointing at the stack's public URL. The newest blog posts get a cover there
 * as well (`<author uid>/covers`), as a community hosting its blog's pictures has. Runs once, right after the seed.
 */
export async function seedDemoImages(config: StackConfig, log: (line: string) => void = () => undefined): Promise<number> {
  const cacheDir = join(config.rootDir, '.local', 'demo-images');
  const sources = await Promise.all(
    PALETTES.map(async (palette, i) => ({
      avatar: await cachedPhoto(cacheDir, `avatar-${i}`, () => photo(800, 800, palette)),
      banner: await cachedPhoto(cacheDir, `banner-${i}`, () => photo(1500, 400, palette)),
      cover: await cachedPhoto(cacheDir, `cover-${i}`, () => photo(1200, 630, palette)),
    })),
  );
  const client = new pg.Client({ connectionString: config.dbUrl });
  await client.connect();
  try {
    // Members seen first: the directory's first page (newest), authors of the hub's latest discussions and of the
    // newest blog posts, top karma.
    const { rows } = await client.query<{ id: string }>(
      `with picks as (
         (select id from public.profiles where not _deleted order by created_at desc, id desc limit $1)
         union (select user_id from public.discussions where not _deleted order by last_activity_at desc limit $1)
         union (select author_id from public.blog_posts where status = 'published' and not _deleted order by published_at desc limit $1)
         union (select id from public.profiles where not _deleted order by karma desc limit $1)
       )
       select p.id from public.profiles p join picks on picks.id = p.id order by p.username limit $2`,
      [DEMO_IMAGE_PICKS_PER_LIST, DEMO_IMAGE_MEMBERS],
    );
    const { rows: posts } = await client.query<{ id: string; author_id: string }>(
      `select id, author_id from public.blog_posts where status = 'published' and not _deleted and author_id is not null
       order by published_at desc limit $1`,
      [DEMO_BLOG_COVERS],
    );
    await client.query('begin');
    for (const [i, { id }] of rows.entries()) {
      const source = sources[i % sources.length];
      const avatar = await storeObject(client, config, id, `${id}/${DEMO_AVATAR_NAME}`, source.avatar);
      const banner = await storeObject(client, config, id, `${id}/${DEMO_BANNER_NAME}`, source.banner);
      await client.query('update public.profiles set avatar_url = $2, banner_url = $3 where id = $1', [id, avatar, banner]);
    }
    for (const [i, post] of posts.entries()) {
      const cover = await storeObject(client, config, post.author_id, `${post.author_id}/covers/${post.id}.jpg`, sources[i % sources.length].cover);
      await client.query('update public.blog_posts set cover_image_url = $2 where id = $1', [post.id, cover]);
    }
    await client.query('commit');
    log(`stored demo pictures for ${rows.length} members and ${posts.length} blog posts`);
    return rows.length;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
