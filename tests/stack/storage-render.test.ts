import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_MESSAGES } from '../../supabase/local/gateway/storage/errors';
import { TRANSFORM_LIMITS } from '../../supabase/local/gateway/storage/transform';
import { newMember, serviceClient, testStack, withDb, type TestMember } from '../support/clients';
import { queryBreakingDeadlocks } from '../support/deadlock-retry';

const publicBucket = `render-pub-${randomUUID().slice(0, 8)}`;
const privateBucket = `render-priv-${randomUUID().slice(0, 8)}`;
const policy = `${privateBucket} read`;

let service: SupabaseClient;
let member: TestMember;

async function dimensions(res: Response | Blob): Promise<{ width?: number; height?: number; format?: string }> {
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg({ quality: 95 })
    .toBuffer();

beforeAll(async () => {
  service = serviceClient();
  expect((await service.storage.createBucket(publicBucket, { public: true })).error).toBeNull();
  expect((await service.storage.createBucket(privateBucket, { public: false })).error).toBeNull();
  await withDb((db) =>
    queryBreakingDeadlocks(db, `create policy "${policy}" on storage.objects for select to authenticated using (bucket_id = '${privateBucket}')`),
  );
  const jpeg = await photo();
  for (const b of [publicBucket, privateBucket]) {
    expect((await service.storage.from(b).upload('photo.jpg', jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
  }
  member = await newMember('render');
});

afterAll(async () => {
  await withDb((db) => queryBreakingDeadlocks(db, `drop policy if exists "${policy}" on storage.objects`));
  for (const b of [publicBucket, privateBucket]) {
    await service.storage.emptyBucket(b);
    await service.storage.deleteBucket(b);
  }
});

describe('image transformation', () => {
  it('serves a public image at the asked size with each resize mode', async () => {
    const api = service.storage.from(publicBucket);
    const cover = await fetch(api.getPublicUrl('photo.jpg', { transform: { width: 96, height: 96, resize: 'cover' } }).data.publicUrl);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect(cover.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await dimensions(cover)).toMatchObject({ width: 96, height: 96 });

    const contain = await fetch(api.getPublicUrl('photo.jpg', { transform: { width: 300, height: 300, resize: 'contain' } }).data.publicUrl);
    expect(await dimensions(contain)).toMatchObject({ width: 300, height: 200 });

    const fill = await fetch(api.getPublicUrl('photo.jpg', { transform: { width: 300, height: 100, resize: 'fill' } }).data.publicUrl);
    expect(await dimensions(fill)).toMatchObject({ width: 300, height: 100 });

    const widthOnly = await fetch(api.getPublicUrl('photo.jpg', { transform: { width: 600 } }).data.publicUrl);
    expect(await dimensions(widthOnly)).toMatchObject({ width: 600, height: 400 });
  });

  it('converts to the asked format, or to WebP for a browser that accepts it', async () => {
    const api = service.storage.from(publicBucket);
    // storage-js types `format` as 'origin' only; the API also takes webp and avif.
    const webp = await fetch(api.getPublicUrl('photo.jpg', { transform: { width: 200, format: 'webp' as 'origin', quality: 60 } }).data.publicUrl);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const browser = await fetch(api.getPublicUrl('photo.jpg', { transform: { width: 200 } }).data.publicUrl, {
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(browser.headers.get('content-type')).toBe('image/webp');
    const origin = await fetch(api.getPublicUrl('photo.jpg', { transform: { width: 200, format: 'origin' } }).data.publicUrl, {
      headers: { accept: 'image/webp' },
    });
    expect(origin.headers.get('content-type')).toBe('image/jpeg');
  });

  it('transforms private images for a reader through download({ transform })', async () => {
    const { data, error } = await member.client.storage.from(privateBucket).download('photo.jpg', { transform: { width: 120, height: 80 } });
    expect(error).toBeNull();
    expect(await dimensions(data!)).toMatchObject({ width: 120, height: 80 });
    const stranger = await newMember('render');
    await withDb((db) => queryBreakingDeadlocks(db, `drop policy if exists "${policy}" on storage.objects`));
    const refused = await stranger.client.storage.from(privateBucket).download('photo.jpg', { transform: { width: 120 } });
    expect(refused.error).not.toBeNull();
    await withDb((db) =>
      queryBreakingDeadlocks(db, `create policy "${policy}" on storage.objects for select to authenticated using (bucket_id = '${privateBucket}')`),
    );
  });

  it('carries the transformation in a signed URL, where the query cannot change it', async () => {
    const signed = await member.client.storage.from(privateBucket).createSignedUrl('photo.jpg', 60, { transform: { width: 64, height: 64, resize: 'cover' } });
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain(`/storage/v1/render/image/sign/${privateBucket}/photo.jpg?token=`);
    expect(await dimensions(await fetch(signed.data!.signedUrl))).toMatchObject({ width: 64, height: 64 });
    expect(await dimensions(await fetch(`${signed.data!.signedUrl}&width=1000&height=1000`))).toMatchObject({ width: 64, height: 64 });

    // The headers Supabase's renderer answers with: what it applied, in imgproxy's words, no indexing, the source's
    // ETag and byte ranges.
    const withQuality = await member.client.storage
      .from(privateBucket)
      .createSignedUrl('photo.jpg', 60, { transform: { width: 200, height: 200, resize: 'cover', quality: 60 } });
    const rendered = await fetch(withQuality.data!.signedUrl);
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get('x-transformations')).toBe('height:200,width:200,resizing_type:fill,quality:60');
    expect(rendered.headers.get('x-robots-tag')).toBe('none');
    expect(rendered.headers.get('accept-ranges')).toBe('bytes');
    const info = await member.client.storage.from(privateBucket).info('photo.jpg');
    const eTag = rendered.headers.get('etag');
    expect(eTag).toBe(info.data!.etag);
    const whole = Buffer.from(await rendered.arrayBuffer());
    expect(Number(rendered.headers.get('content-length'))).toBe(whole.length);
  });

  it('honours what it announces: a kept render revalidates with its ETag and a cut-off one resumes with a range', async () => {
    const api = service.storage.from(publicBucket);
    const url = api.getPublicUrl('photo.jpg', { transform: { width: 240, height: 160 } }).data.publicUrl;
    const first = await fetch(url);
    const eTag = first.headers.get('etag')!;
    expect(eTag).toMatch(/^"[0-9a-f]{32}"$/);
    const whole = Buffer.from(await first.arrayBuffer());

    const kept = await fetch(url, { headers: { 'if-none-match': eTag } });
    expect(kept.status).toBe(304);
    expect((await kept.arrayBuffer()).byteLength).toBe(0);

    // What a browser cache does with a render it had to drop halfway: the rest, if it is still the same version.
    const rest = await fetch(url, { headers: { range: 'bytes=100-', 'if-range': eTag } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 100-${whole.length - 1}/${whole.length}`);
    expect(Buffer.compare(Buffer.from(await rest.arrayBuffer()), whole.subarray(100))).toBe(0);

    const stale = await fetch(url, { headers: { range: 'bytes=100-', 'if-range': '"another-version"' } });
    expect(stale.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await stale.arrayBuffer()), whole)).toBe(0);

    const beyond = await fetch(url, { headers: { range: `bytes=${whole.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it("refuses a signed render without a token or with another object's token", async () => {
    const signed = await member.client.storage.from(privateBucket).createSignedUrl('photo.jpg', 60, { transform: { width: 64, height: 64, resize: 'cover' } });

    const missing = await fetch(`${testStack().apiUrl}/storage/v1/render/image/sign/${privateBucket}/photo.jpg`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '400', message: 'Missing token' });
    // A token signed for another object does not open this one.
    await service.storage.from(privateBucket).upload('other.jpg', await photo(), { contentType: 'image/jpeg' });
    const token = new URL(signed.data!.signedUrl).searchParams.get('token');
    const other = await fetch(`${testStack().apiUrl}/storage/v1/render/image/sign/${privateBucket}/other.jpg?token=${token}`);
    expect(await other.json()).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
  });

  it('keeps sizes within the limits: 0 keeps the original, huge sizes never exceed the source or 2000 px', async () => {
    const api = service.storage.from(publicBucket);
    const base = api.getPublicUrl('photo.jpg', { transform: { width: 1 } }).data.publicUrl.split('?')[0];
    expect(await dimensions(await fetch(`${base}?width=0`))).toMatchObject({ width: 1200, height: 800 });
    expect(await dimensions(await fetch(`${base}?width=100000&height=100000&resize=fill`))).toMatchObject({ width: 1200, height: 800 });
    expect(TRANSFORM_LIMITS.maxSize).toBe(2000);
  });

  it('answers bad input with a 400 JSON error and keeps serving', async () => {
    const api = service.storage.from(publicBucket);
    const base = api.getPublicUrl('photo.jpg', { transform: { width: 1 } }).data.publicUrl.split('?')[0];
    for (const query of ['width=-5', 'height=-1', 'width=abc', 'quality=5', 'quality=101', 'resize=stretch', 'format=gif']) {
      const res = await fetch(`${base}?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).statusCode, query).toBe('400');
    }

    await service.storage.from(publicBucket).upload('notes.txt', 'not an image', { contentType: 'text/plain' });
    const text = await fetch(api.getPublicUrl('notes.txt', { transform: { width: 100 } }).data.publicUrl);
    expect(text.status).toBe(400);
    expect((await text.json()).message).toBe(STORAGE_MESSAGES.imageInvalid);

    // Far more pixels than the renderer decodes, in a small file.
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await service.storage.from(publicBucket).upload('huge.png', huge, { contentType: 'image/png' });
    const big = await fetch(api.getPublicUrl('huge.png', { transform: { width: 100 } }).data.publicUrl);
    expect(big.status).toBe(400);
    expect((await big.json()).message).toBe(STORAGE_MESSAGES.imageResolutionTooLarge);

    const traversal = await fetch(`${testStack().apiUrl}/storage/v1/render/image/public/${publicBucket}/a/%2e%2e%2f%2e%2e%2fphoto.jpg?width=10`);
    expect(traversal.status).toBe(400);

    const missing = await fetch(api.getPublicUrl('nothing.jpg', { transform: { width: 100 } }).data.publicUrl);
    expect((await missing.json()).message).toBe(STORAGE_MESSAGES.objectNotFound);

    const still = await fetch(api.getPublicUrl('photo.jpg', { transform: { width: 50 } }).data.publicUrl);
    expect(still.status).toBe(200);
  });
});
