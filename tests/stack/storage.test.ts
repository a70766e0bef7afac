import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_MESSAGES } from '../../supabase/local/gateway/storage/errors';
import { anonClient, newMember, serviceClient, testStack, withDb, type TestMember } from '../support/clients';
import { queryBreakingDeadlocks } from '../support/deadlock-retry';

const SIZE_LIMIT = 1024;
const bucket = `stack-test-${randomUUID().slice(0, 8)}`;
const privateBucket = `${bucket}-private`;
const policyNames = ['insert own folder', 'read bucket', 'update own folder', 'delete own folder'].map((p) => `${bucket} ${p}`);

let service: SupabaseClient;
let member: TestMember;
let other: TestMember;

const bucketFile = (name: string) => join(testStack().localDir, 'storage', bucket, ...name.split('/'));
const tempFiles = () => {
  const dir = join(testStack().localDir, 'storage', '.tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** A request that fetch would normalise away (encoded `..`, NUL), sent as written. */
function rawRequest(method: string, path: string, headers: Record<string, string>, body = ''): Promise<{ status: number; body: string }> {
  const url = new URL(testStack().apiUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let data = '';
      res.on('data', (chunk: Buffer) => (data += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  service = serviceClient();
  const created = await service.storage.createBucket(bucket, {
    public: true,
    fileSizeLimit: SIZE_LIMIT,
    allowedMimeTypes: ['text/plain', 'image/png'],
  });
  expect(created.error).toBeNull();
  expect((await service.storage.createBucket(privateBucket, { public: false })).error).toBeNull();
  await withDb(async (db) => {
    const own = `bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text`;
    await queryBreakingDeadlocks(db, `create policy "${policyNames[0]}" on storage.objects for insert to authenticated with check (${own})`);
    await queryBreakingDeadlocks(db, `create policy "${policyNames[1]}" on storage.objects for select to authenticated using (bucket_id = '${bucket}')`);
    await queryBreakingDeadlocks(db, `create policy "${policyNames[2]}" on storage.objects for update to authenticated using (${own}) with check (${own})`);
    await queryBreakingDeadlocks(db, `create policy "${policyNames[3]}" on storage.objects for delete to authenticated using (${own})`);
  });
  member = await newMember('storage');
  other = await newMember('storage');
});

afterAll(async () => {
  await withDb(async (db) => {
    for (const name of policyNames) await queryBreakingDeadlocks(db, `drop policy if exists "${name}" on storage.objects`);
  });
  await service.storage.emptyBucket(bucket);
  await service.storage.deleteBucket(bucket);
  await service.storage.deleteBucket(privateBucket);
});

describe('storage through supabase-js', () => {
  it('lets a member upload into their own folder and download it again', async () => {
    const path = `${member.id}/notes/hello.txt`;
    const up = await member.client.storage.from(bucket).upload(path, 'hello, crate diggers', { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `${bucket}/${path}` });

    const down = await member.client.storage.from(bucket).download(path);
    expect(down.error).toBeNull();
    expect(await down.data!.text()).toBe('hello, crate diggers');
    expect(existsSync(bucketFile(path))).toBe(true);

    const info = await member.client.storage.from(bucket).info(path);
    expect(info.data).toMatchObject({ size: 20, contentType: 'text/plain', cacheControl: 'max-age=3600' });
  });

  it('normalises object names: leading, trailing and repeated slashes', async () => {
    const up = await member.client.storage.from(bucket).upload(`/${member.id}//norm///a.txt/`, 'n', { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    expect(up.data?.path).toBe(`${member.id}/norm/a.txt`);
    expect(existsSync(bucketFile(`${member.id}/norm/a.txt`))).toBe(true);
  });

  it('accepts a Blob (multipart form) and serves it at its public URL with its cache control', async () => {
    const path = `${member.id}/cover.png`;
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], { type: 'image/png' });
    const up = await member.client.storage.from(bucket).upload(path, png, { cacheControl: '120' });
    expect(up.error).toBeNull();

    const { publicUrl } = member.client.storage.from(bucket).getPublicUrl(path).data;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=120');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  });

  it('serves the default Cache-Control max-age=3600 on download', async () => {
    const path = `${member.id}/cache.txt`;
    await member.client.storage.from(bucket).upload(path, 'c', { contentType: 'text/plain' });
    const res = await fetch(member.client.storage.from(bucket).getPublicUrl(path).data.publicUrl);
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
  });

  it('takes multi-megabyte files in either body form and serves byte ranges', async () => {
    const size = 3 * 1024 * 1024;
    const bytes = new Uint8Array(size).map((_, i) => i % 251);
    const blob = await service.storage.from(privateBucket).upload('mix.mp3', new Blob([bytes], { type: 'audio/mpeg' }));
    expect(blob.error).toBeNull();
    const raw = await service.storage.from(privateBucket).upload('mix-raw.mp3', bytes, { contentType: 'audio/mpeg' });
    expect(raw.error).toBeNull();

    const signed = await service.storage.from(privateBucket).createSignedUrl('mix.mp3', 60);
    const res = await fetch(signed.data!.signedUrl, { headers: { Range: 'bytes=1000-1009' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1009/${size}`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes.slice(1000, 1010));
    expect((await service.storage.from(privateBucket).info('mix-raw.mp3')).data?.size).toBe(size);
    await service.storage.from(privateBucket).remove(['mix.mp3', 'mix-raw.mp3']);
  });

  it('refuses public URLs of a private bucket', async () => {
    const res = await fetch(service.storage.from(privateBucket).getPublicUrl('anything.txt').data.publicUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '404', message: STORAGE_MESSAGES.bucketNotFound });
  });

  it('lists a folder with limit, offset and sort order, folders first', async () => {
    const dir = `${member.id}/list`;
    for (const name of ['b.txt', 'a.txt', 'c.txt', 'sub/d.txt']) {
      const { error } = await member.client.storage.from(bucket).upload(`${dir}/${name}`, name, { contentType: 'text/plain' });
      expect(error).toBeNull();
    }
    const all = await member.client.storage.from(bucket).list(dir);
    expect(all.data?.map((f) => f.name)).toEqual(['sub', 'a.txt', 'b.txt', 'c.txt']);
    expect(all.data?.[0].id).toBeNull();
    expect(all.data?.[1].metadata).toMatchObject({ size: 5, mimetype: 'text/plain' });

    const page = await member.client.storage.from(bucket).list(dir, { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data?.map((f) => f.name)).toEqual(['c.txt', 'b.txt']);

    const searched = await member.client.storage.from(bucket).list(dir, { search: 'b' });
    expect(searched.data?.map((f) => f.name)).toEqual(['b.txt']);
  });

  it('removes objects: gone from listings, downloads and disk', async () => {
    const path = `${member.id}/remove-me.txt`;
    await member.client.storage.from(bucket).upload(path, 'bye', { contentType: 'text/plain' });
    const removed = await member.client.storage.from(bucket).remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name)).toEqual([path]);

    const down = await member.client.storage.from(bucket).download(path);
    expect(down.error).toMatchObject({ statusCode: '404', message: STORAGE_MESSAGES.objectNotFound });
    expect(existsSync(bucketFile(path))).toBe(false);
  });

  it("does not let a member remove another member's file", async () => {
    const path = `${other.id}/keep.txt`;
    await other.client.storage.from(bucket).upload(path, 'mine', { contentType: 'text/plain' });
    const removed = await member.client.storage.from(bucket).remove([path]);
    expect(removed.data).toEqual([]);
    expect(existsSync(bucketFile(path))).toBe(true);
  });

  it('refuses an upload over the bucket size limit with 413 and leaves no file behind', async () => {
    const path = `${member.id}/too-big.txt`;
    const asString = await member.client.storage.from(bucket).upload(path, 'x'.repeat(SIZE_LIMIT + 1), { contentType: 'text/plain' });
    expect(asString.error).toMatchObject({ statusCode: '413', message: STORAGE_MESSAGES.payloadTooLarge });
    const asBlob = await member.client.storage.from(bucket).upload(path, new Blob(['x'.repeat(SIZE_LIMIT + 1)], { type: 'text/plain' }));
    expect(asBlob.error).toMatchObject({ statusCode: '413', message: STORAGE_MESSAGES.payloadTooLarge });

    expect(existsSync(bucketFile(path))).toBe(false);
    expect(tempFiles()).toEqual([]);
    const listed = await service.storage.from(bucket).list(member.id, { search: 'too-big' });
    expect(listed.data).toEqual([]);
  });

  it('accepts a file of exactly the size limit', async () => {
    const { error } = await member.client.storage.from(bucket).upload(`${member.id}/exact.txt`, 'x'.repeat(SIZE_LIMIT), { contentType: 'text/plain' });
    expect(error).toBeNull();
  });

  it('refuses a MIME type the bucket does not allow with 415', async () => {
    const path = `${member.id}/doc.pdf`;
    const { error } = await member.client.storage.from(bucket).upload(path, '%PDF-1.4', { contentType: 'application/pdf' });
    expect(error).toMatchObject({ statusCode: '415', message: STORAGE_MESSAGES.invalidMimeType('application/pdf') });
    expect(existsSync(bucketFile(path))).toBe(false);
  });

  it("refuses an upload into another member's folder by RLS", async () => {
    const path = `${other.id}/intrusion.txt`;
    const { error } = await member.client.storage.from(bucket).upload(path, 'sneaky', { contentType: 'text/plain' });
    expect(error).toMatchObject({ statusCode: '403', message: STORAGE_MESSAGES.rlsViolation });
    expect(existsSync(bucketFile(path))).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses uploads from anonymous callers', async () => {
    const path = `${member.id}/anon.txt`;
    const { error } = await anonClient().storage.from(bucket).upload(path, 'anon', { contentType: 'text/plain' });
    expect(error).toMatchObject({ statusCode: '403', message: STORAGE_MESSAGES.rlsViolation });
    expect(existsSync(bucketFile(path))).toBe(false);
  });

  it('refuses a duplicate with 409 unless upsert is asked for', async () => {
    const path = `${member.id}/dup.txt`;
    expect((await member.client.storage.from(bucket).upload(path, 'first', { contentType: 'text/plain' })).error).toBeNull();
    const again = await member.client.storage.from(bucket).upload(path, 'second', { contentType: 'text/plain' });
    expect(again.error).toMatchObject({ statusCode: '409', message: STORAGE_MESSAGES.alreadyExists });

    const upsert = await member.client.storage.from(bucket).upload(path, 'third', { contentType: 'text/plain', upsert: true });
    expect(upsert.error).toBeNull();
    expect(await (await member.client.storage.from(bucket).download(path)).data!.text()).toBe('third');
  });

  it('moves and copies within the own folder', async () => {
    const from = `${member.id}/move/a.txt`;
    await member.client.storage.from(bucket).upload(from, 'moving', { contentType: 'text/plain' });
    expect((await member.client.storage.from(bucket).move(from, `${member.id}/move/b.txt`)).error).toBeNull();
    expect(existsSync(bucketFile(from))).toBe(false);
    expect((await member.client.storage.from(bucket).copy(`${member.id}/move/b.txt`, `${member.id}/move/c.txt`)).error).toBeNull();
    const c = await member.client.storage.from(bucket).download(`${member.id}/move/c.txt`);
    expect(await c.data!.text()).toBe('moving');

    const stolen = await member.client.storage.from(bucket).move(`${member.id}/move/b.txt`, `${other.id}/b.txt`);
    expect(stolen.error).toMatchObject({ statusCode: '403' });
  });

  it('issues signed URLs that work without credentials and refuses a tampered token', async () => {
    const path = `${member.id}/signed.txt`;
    await member.client.storage.from(bucket).upload(path, 'signed content', { contentType: 'text/plain' });
    const signed = await member.client.storage.from(bucket).createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const ok = await fetch(signed.data!.signedUrl);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('signed content');

    const other = signed.data!.signedUrl.replace('signed.txt', 'cache.txt');
    expect((await fetch(other)).status).toBe(400);
    const tampered = await fetch(`${signed.data!.signedUrl.slice(0, -2)}xx`);
    expect(tampered.status).toBe(400);
  });

  it('answers forged and missing tokens with JSON errors', async () => {
    const base = `/storage/v1/object/${bucket}/${member.id}/hello.txt`;
    const forged = await rawRequest('GET', base, { authorization: 'Bearer not.a.jwt' });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
    // Neither Authorization nor apikey: Supabase's gateway passes Storage an empty bearer, which fails its token check.
    const missing = await rawRequest('GET', base, {});
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toEqual({ statusCode: '403', error: 'Unauthorized', message: STORAGE_MESSAGES.invalidCompactJws });
    const buckets = await rawRequest('GET', '/storage/v1/bucket', {});
    expect(buckets.status).toBe(400);
    expect(JSON.parse(buckets.body)).toEqual({ statusCode: '403', error: 'Unauthorized', message: STORAGE_MESSAGES.invalidCompactJws });
  });

  it('never writes outside the storage directory', async () => {
    const headers = { authorization: `Bearer ${testStack().serviceRoleKey}`, 'content-type': 'text/plain' };
    for (const name of ['..%2F..%2Fescape.txt', 'a%2F..%2F..%2F..%2Fescape.txt', 'nul%00byte.txt', '..']) {
      const res = await rawRequest('POST', `/storage/v1/object/${bucket}/${name}`, headers, 'x');
      expect(res.status, name).toBe(400);
      expect(JSON.parse(res.body), name).toMatchObject({ statusCode: '400' });
    }
    expect(existsSync(join(testStack().localDir, 'escape.txt'))).toBe(false);
    expect(existsSync(join(testStack().localDir, 'storage', 'escape.txt'))).toBe(false);
  });
});
