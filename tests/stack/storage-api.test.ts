import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_MESSAGES } from '../../supabase/local/gateway/storage/errors';
import { anonClient, newMember, serviceClient, testStack, withDb, type TestMember } from '../support/clients';
import { queryBreakingDeadlocks } from '../support/deadlock-retry';

const bucket = `api-test-${randomUUID().slice(0, 8)}`;
const policyNames = ['insert own folder', 'read bucket', 'update own folder'].map((p) => `${bucket} ${p}`);

let service: SupabaseClient;

/** A request that fetch would normalise away (encoded `..`), sent as written. */
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
let member: TestMember;

async function expiredToken(payload: Record<string, unknown>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(testStack().jwtSecret));
}

beforeAll(async () => {
  service = serviceClient();
  expect((await service.storage.createBucket(bucket, { public: false })).error).toBeNull();
  await withDb(async (db) => {
    const own = `bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text`;
    await queryBreakingDeadlocks(db, `create policy "${policyNames[0]}" on storage.objects for insert to authenticated with check (${own})`);
    await queryBreakingDeadlocks(db, `create policy "${policyNames[1]}" on storage.objects for select to authenticated using (bucket_id = '${bucket}')`);
    await queryBreakingDeadlocks(db, `create policy "${policyNames[2]}" on storage.objects for update to authenticated using (${own}) with check (${own})`);
  });
  member = await newMember('storageapi');
});

afterAll(async () => {
  await withDb(async (db) => {
    for (const name of policyNames) await queryBreakingDeadlocks(db, `drop policy if exists "${name}" on storage.objects`);
  });
  await service.storage.emptyBucket(bucket);
  await service.storage.deleteBucket(bucket);
});

describe('signed upload URLs', () => {
  it('lets the holder of a signed upload URL upload, owned by the member who signed it; the name is then taken', async () => {
    const path = `${member.id}/signed/first.txt`;
    const signed = await member.client.storage.from(bucket).createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data?.signedUrl).toContain(`/storage/v1/object/upload/sign/${bucket}/${path}?token=`);

    // The holder needs no credentials of their own: an anonymous client uploads with the token.
    const up = await anonClient().storage.from(bucket).uploadToSignedUrl(path, signed.data!.token, 'signed hello', { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    expect(up.data?.fullPath).toBe(`${bucket}/${path}`);

    const down = await member.client.storage.from(bucket).download(path);
    expect(await down.data!.text()).toBe('signed hello');
    const owner = await withDb(
      async (db) => (await db.query('select owner_id from storage.objects where bucket_id = $1 and name = $2', [bucket, path])).rows[0],
    );
    expect(owner.owner_id).toBe(member.id);

    // The token stays valid until it expires, as on Supabase: without upsert the second upload finds the name taken.
    const again = await anonClient().storage.from(bucket).uploadToSignedUrl(path, signed.data!.token, 'replaced', { contentType: 'text/plain' });
    expect(again.error?.message).toBe(STORAGE_MESSAGES.alreadyExists);
    expect(again.error).toMatchObject({ statusCode: '409' });
    expect(await (await member.client.storage.from(bucket).download(path)).data!.text()).toBe('signed hello');
  });

  it('lets an upsert URL replace the file again and again until it expires', async () => {
    const path = `${member.id}/signed/reused.txt`;
    const signed = await member.client.storage.from(bucket).createSignedUploadUrl(path, { upsert: true });
    for (const text of ['take 1', 'take 2']) {
      const up = await anonClient().storage.from(bucket).uploadToSignedUrl(path, signed.data!.token, text, { contentType: 'text/plain', upsert: true });
      expect(up.error).toBeNull();
      expect(await (await member.client.storage.from(bucket).download(path)).data!.text()).toBe(text);
    }
  });

  it('replaces an existing file only when the URL was signed with upsert', async () => {
    const path = `${member.id}/signed/upsert.txt`;
    await member.client.storage.from(bucket).upload(path, 'v1', { contentType: 'text/plain' });

    // Without upsert the name is taken, so the URL is refused when signing, as Supabase checks the write then.
    const plain = await member.client.storage.from(bucket).createSignedUploadUrl(path);
    expect(plain.error?.message).toBe(STORAGE_MESSAGES.alreadyExists);

    const upsert = await member.client.storage.from(bucket).createSignedUploadUrl(path, { upsert: true });
    const replaced = await anonClient().storage.from(bucket).uploadToSignedUrl(path, upsert.data!.token, 'v3', { contentType: 'text/plain' });
    expect(replaced.error).toBeNull();
    expect(await (await member.client.storage.from(bucket).download(path)).data!.text()).toBe('v3');
  });

  it('refuses to sign where the member may not write, and refuses tokens for another path, expired or missing', async () => {
    const foreign = await member.client.storage.from(bucket).createSignedUploadUrl(`${randomUUID()}/not-mine.txt`);
    expect(foreign.error?.message).toBe(STORAGE_MESSAGES.rlsViolation);
    expect((await anonClient().storage.from(bucket).createSignedUploadUrl('x.txt')).error).not.toBeNull();

    const path = `${member.id}/signed/target.txt`;
    const signed = await member.client.storage.from(bucket).createSignedUploadUrl(path);
    const elsewhere = await anonClient().storage.from(bucket).uploadToSignedUrl(`${member.id}/signed/other.txt`, signed.data!.token, 'x');
    expect(elsewhere.error?.message).toBe('Invalid signature');

    const expired = await expiredToken({ url: `${bucket}/${path}`, scope: 'upload', owner: member.id, upsert: false, jti: randomUUID() });
    const late = await anonClient().storage.from(bucket).uploadToSignedUrl(path, expired, 'x');
    expect(late.error?.message).toBe(STORAGE_MESSAGES.expiredSignature);

    const { apiUrl, anonKey } = testStack();
    const missing = await fetch(`${apiUrl}/storage/v1/object/upload/sign/${bucket}/${path}`, {
      method: 'PUT',
      headers: { apikey: anonKey, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '400', message: 'Missing token' });

    // A download link cannot be turned into an upload link.
    await member.client.storage.from(bucket).upload(path, 'orig', { contentType: 'text/plain' });
    const download = await member.client.storage.from(bucket).createSignedUrl(path, 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    const misuse = await anonClient().storage.from(bucket).uploadToSignedUrl(path, downloadToken, 'x');
    expect(misuse.error?.message).toBe(STORAGE_MESSAGES.wrongScope('upload'));
    expect(await (await member.client.storage.from(bucket).download(path)).data!.text()).toBe('orig');
  });

  it('refuses path traversal in signed upload names and keeps serving', async () => {
    const headers = { apikey: testStack().anonKey, authorization: `Bearer ${member.accessToken}`, 'content-type': 'application/json' };
    for (const path of [`${member.id}/%2e%2e/%2e%2e/escape.txt`, `${member.id}/../../escape.txt`]) {
      const res = await rawRequest('POST', `/storage/v1/object/upload/sign/${bucket}/${path}`, headers, '{}');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).error).toBe('InvalidKey');
      const put = await rawRequest('PUT', `/storage/v1/object/upload/sign/${bucket}/${path}?token=x`, { 'content-type': 'text/plain' }, 'x');
      expect(put.status).toBe(400);
      expect(JSON.parse(put.body).error).toBe('InvalidKey');
    }
    expect((await member.client.storage.from(bucket).list(member.id)).error).toBeNull();
  });
});

describe('list v2', () => {
  it('pages through keys with a cursor and groups folders with a delimiter', async () => {
    const dir = `${member.id}/v2`;
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'sub/d.txt', 'sub/e.txt', 'zzz/f.txt']) {
      expect((await member.client.storage.from(bucket).upload(`${dir}/${name}`, name, { contentType: 'text/plain' })).error).toBeNull();
    }
    const api = member.client.storage.from(bucket);

    const first = await api.listV2({ prefix: `${dir}/`, limit: 4 });
    expect(first.error).toBeNull();
    expect(first.data?.hasNext).toBe(true);
    expect(first.data?.objects.map((o) => o.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'sub/d.txt'].map((n) => `${dir}/${n}`));
    const second = await api.listV2({ prefix: `${dir}/`, limit: 4, cursor: first.data!.nextCursor });
    expect(second.data?.hasNext).toBe(false);
    expect(second.data?.objects.map((o) => o.name)).toEqual(['sub/e.txt', 'zzz/f.txt'].map((n) => `${dir}/${n}`));

    const level = await api.listV2({ prefix: `${dir}/`, with_delimiter: true });
    expect(level.data?.folders.map((f) => f.name)).toEqual([`${dir}/sub/`, `${dir}/zzz/`]);
    expect(level.data?.objects.map((o) => o.name)).toEqual(['a.txt', 'b.txt', 'c.txt'].map((n) => `${dir}/${n}`));
    expect(level.data?.objects[0].metadata).toMatchObject({ size: 5 });
    // As storage.search_v2 names them: the segment at the prefix's depth, a folder without its slash.
    expect(level.data?.folders.map((f) => f.key)).toEqual(['sub', 'zzz']);
    expect(level.data?.objects.map((o) => o.key)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    const top = await api.listV2({ with_delimiter: true });
    expect(top.data?.folders.map((f) => f.key)).toContain(member.id);
    expect(top.data?.folders.find((f) => f.key === member.id)?.name).toBe(`${member.id}/`);
    // A flat listing answers the objects' own columns, without a key.
    expect(first.data?.objects.every((o) => !('key' in o))).toBe(true);

    const desc = await api.listV2({ prefix: `${dir}/`, limit: 2, sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data?.objects.map((o) => o.name)).toEqual([`${dir}/zzz/f.txt`, `${dir}/sub/e.txt`]);
  });

  it('answers a bad cursor or limit with a 400 JSON error', async () => {
    const api = member.client.storage.from(bucket);
    const cursor = await api.listV2({ cursor: Buffer.from('garbage').toString('base64') });
    expect(cursor.error?.message).toBe(STORAGE_MESSAGES.invalidParameter('continuation token'));
    const limit = await api.listV2({ limit: 0 });
    expect(limit.error).not.toBeNull();
  });
});

describe('storage responses as Supabase sends them', () => {
  it('keeps the full content type of an upload, charset included', async () => {
    const path = `${member.id}/charset.txt`;
    // storage-js's default content type for text bodies
    expect((await member.client.storage.from(bucket).upload(path, 'grüße')).error).toBeNull();
    const info = await member.client.storage.from(bucket).info(path);
    expect(info.data?.contentType).toBe('text/plain;charset=UTF-8');
    const signed = await member.client.storage.from(bucket).createSignedUrl(path, 60);
    const res = await fetch(signed.data!.signedUrl);
    expect(res.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    expect(await res.text()).toBe('grüße');
  });

  it('answers getBucket with exactly the fields of Supabase', async () => {
    const { data, error } = await service.storage.getBucket(bucket);
    expect(error).toBeNull();
    expect(Object.keys(data!).sort()).toEqual(['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at']);
  });

  it("answers emptyBucket with Supabase's message", async () => {
    const scratch = `${bucket}-empty`;
    await service.storage.createBucket(scratch);
    await service.storage.from(scratch).upload('x.txt', 'x', { contentType: 'text/plain' });
    const { data, error } = await service.storage.emptyBucket(scratch);
    expect(error).toBeNull();
    expect(data?.message).toBe(STORAGE_MESSAGES.bucketEmptied);
    expect((await service.storage.from(scratch).list()).data).toEqual([]);
    await service.storage.deleteBucket(scratch);
  });

  it('sends X-Content-Type-Options: nosniff on downloads and errors', async () => {
    const path = `${member.id}/sniff.html`;
    await member.client.storage.from(bucket).upload(path, '<script>alert(1)</script>', { contentType: 'text/plain' });
    const signed = await member.client.storage.from(bucket).createSignedUrl(path, 60);
    const ok = await fetch(signed.data!.signedUrl);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await fetch(`${testStack().apiUrl}/storage/v1/object/public/${bucket}/nothing.txt`);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
