import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { STORAGE_MESSAGES } from '../../supabase/local/gateway/storage/errors';
import { MEMBER_FILE_CSP } from '../../supabase/local/gateway/storage/serve';
import { CONTENT_BUCKET } from '../db/helpers/db-contract';
import { newMember, serviceClient, testStack, type TestMember } from '../support/clients';

/**
 * A member's upload must never become a web page of the API's origin: the type check cannot be
 * tricked, and whatever body a file holds, a real browser opening it runs none of its script.
 */

const SCRIPTED_PAGE = '<!doctype html><html><body><h1>Prize</h1><script>document.title = "pwned"; window.ran = true;</script></body></html>';
const SMUGGLED_TYPE = 'audio/mpeg; charset=x, text/html';

let member: TestMember;
let browser: Browser;
/** A bucket that takes HTML, as a project might for documents: its files must still not run. */
const documents = `documents-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  member = await newMember('served');
  const created = await serviceClient().storage.createBucket(documents, { public: true, allowedMimeTypes: ['text/html', 'image/svg+xml', 'audio/mpeg'] });
  expect(created.error).toBeNull();
  browser = await chromium.launch({ executablePath: execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim(), args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await serviceClient().storage.emptyBucket(documents);
  await serviceClient().storage.deleteBucket(documents);
});

/**
 * An upload as an attacker sends it: a raw body with whatever Content-Type they like, over node:http
 * so the path reaches the server exactly as written (fetch would resolve `..` and turn `\\` into `/`).
 */
function rawUpload(bucket: string, name: string, contentType: string, body: string, token: string): Promise<{ status: number; json: () => unknown }> {
  const { apiUrl, anonKey } = testStack();
  const url = new URL(apiUrl);
  const headers = { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path: `/storage/v1/object/${bucket}/${name}`, headers }, (res) => {
      let data = '';
      res.on('data', (chunk: Buffer) => (data += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(data) as unknown }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const publicUrl = (bucket: string, name: string) => `${testStack().apiUrl}/storage/v1/object/public/${bucket}/${name}`;

/** Opens a URL in Chromium as a member clicking a link would; whether the page's script ran, and what it was. */
async function openInBrowser(url: string): Promise<{ ran: boolean; downloaded: boolean }> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  try {
    await page.goto(url).catch((err: Error) => {
      // Chromium reports a navigation that turned into a download as an aborted navigation.
      if (!/net::ERR_ABORTED|Download is starting/.test(err.message)) throw err;
    });
    await page.waitForTimeout(300);
    const ran = await page.evaluate(() => (window as unknown as { ran?: boolean }).ran === true || document.title === 'pwned').catch(() => false);
    return { ran, downloaded };
  } finally {
    await context.close();
  }
}

describe('declared types', () => {
  it(`refuses "${SMUGGLED_TYPE}" with 415, stores nothing, and a browser finds nothing there`, async () => {
    const name = `${member.id}/track/y.mp3`;
    const res = await rawUpload(CONTENT_BUCKET, name, SMUGGLED_TYPE, SCRIPTED_PAGE, member.accessToken);
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: '415', message: STORAGE_MESSAGES.invalidMimeType(SMUGGLED_TYPE) });
    const info = await serviceClient().storage.from(CONTENT_BUCKET).info(name);
    expect(info.data).toBeNull();
    expect((await openInBrowser(publicUrl(CONTENT_BUCKET, name))).ran).toBe(false);
  });

  it('refuses other shapes that are not exactly one allowed type, and keeps the parameters of one that is', async () => {
    for (const type of ['audio/mpeg, text/html', 'audio/mpeg; text/html', 'audio/mpeg;', 'audio/mpeg2', 'text/html']) {
      const res = await rawUpload(CONTENT_BUCKET, `${member.id}/track/${randomUUID()}.mp3`, type, 'ID3', member.accessToken);
      expect(res.json(), type).toMatchObject({ statusCode: '415', message: STORAGE_MESSAGES.invalidMimeType(type) });
    }
    const name = `${member.id}/track/${randomUUID()}.mp3`;
    const ok = await rawUpload(CONTENT_BUCKET, name, 'Audio/MPEG; charset=binary', 'ID3', member.accessToken);
    expect(ok.status).toBe(200);
    const served = await fetch(publicUrl(CONTENT_BUCKET, name));
    expect(served.headers.get('content-type')).toBe('Audio/MPEG; charset=binary');
  });
});

describe('object names', () => {
  it('refuses backslashes, control characters and dot segments with 400 InvalidKey', async () => {
    for (const file of ['..\\..\\..\\pwn.mp3', 'a%5Cb.mp3', 'a%01b.mp3', '../x.mp3', './x.mp3', '%2E%2E/x.mp3']) {
      const res = await rawUpload(CONTENT_BUCKET, `${member.id}/track/${file}`, 'audio/mpeg', 'ID3', member.accessToken);
      expect(res.status, file).toBe(400);
      expect(res.json(), file).toMatchObject({ error: 'InvalidKey' });
    }
  });

  it('refuses them as the target of a move', async () => {
    const name = `${member.id}/track/${randomUUID()}.mp3`;
    expect((await member.client.storage.from(CONTENT_BUCKET).upload(name, 'ID3', { contentType: 'audio/mpeg' })).error).toBeNull();
    const moved = await member.client.storage.from(CONTENT_BUCKET).move(name, `${member.id}/track/a\\b.mp3`);
    expect(moved.error).toMatchObject({ statusCode: '400', message: STORAGE_MESSAGES.invalidKey(`${member.id}/track/a\\b.mp3`) });
    expect((await member.client.storage.from(CONTENT_BUCKET).info(name)).error).toBeNull();
  });
});

describe('files served from a bucket', () => {
  it('an HTML body uploaded as audio is served as audio, not sniffed: its script does not run in Chromium', async () => {
    const name = `${member.id}/track/${randomUUID()}.mp3`;
    expect((await rawUpload(CONTENT_BUCKET, name, 'audio/mpeg', SCRIPTED_PAGE, member.accessToken)).status).toBe(200);
    const res = await fetch(publicUrl(CONTENT_BUCKET, name));
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe(MEMBER_FILE_CSP);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect((await openInBrowser(publicUrl(CONTENT_BUCKET, name))).ran).toBe(false);
  });

  it('HTML and SVG in a bucket that allows them are downloads under a sandbox policy: no script runs in Chromium', async () => {
    const cases: Array<[string, string, string]> = [
      ['page.html', 'text/html', SCRIPTED_PAGE],
      ['page.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>window.ran = true; document.title = "pwned";</script></svg>'],
    ];
    for (const [file, type, body] of cases) {
      const name = `${randomUUID()}/${file}`;
      const up = await serviceClient().storage.from(documents).upload(name, body, { contentType: type });
      expect(up.error).toBeNull();
      const res = await fetch(publicUrl(documents, name));
      expect(res.headers.get('content-disposition'), type).toBe(`attachment; filename*=UTF-8''${file}`);
      expect(res.headers.get('content-security-policy')).toBe(MEMBER_FILE_CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const opened = await openInBrowser(publicUrl(documents, name));
      expect(opened.ran, type).toBe(false);
      expect(opened.downloaded, type).toBe(true);
    }
  });
});
