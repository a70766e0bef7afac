// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyReadPlan } from '@/app/early-read-plan';
import { markPulled } from '@/db/first-pull';
import { serverDiscussions } from '@/features/discussions/model/server-hub';
import { serverThread } from '@/features/discussions/model/server-thread';
import { BLOG_COVER_SIZING } from '@/features/blog/constants';
import { serverBlogPost } from '@/features/blog/model/server-blog';
import { PROFILE_BANNER_SIZING } from '@/features/profiles/constants';
import { serverProfile } from '@/features/profiles/model/server-profile';
import { clearPrivateDeviceData } from '@/lib/device-storage';
import { EARLY_READS_GLOBAL, earlyReadsScript } from '@/launch/early-reads';
import { publicKeyQuery } from '@/launch/server-read-paths';
import { env } from '@/lib/env';
import { IMAGE_QUALITY, imageSources } from '@/lib/image-url';
import { AUTH_STORAGE_KEY } from '@/lib/shell-constants';

type Answer = () => Promise<Response>;
const ok: Answer = async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });

/** The headers of each request sent, in order. */
const sentHeaders: Headers[] = [];

/** Every request the page and the app send, answered by `answer` (by default: no rows). */
function stubServer(answer: (url: string, index: number) => Promise<Response> = ok): string[] {
  const urls: string[] = [];
  sentHeaders.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL, init?: RequestInit) => {
      urls.push(String(url));
      sentHeaders.push(new Headers(init?.headers));
      return answer(String(url), urls.length - 1);
    }),
  );
  return urls;
}

/** A URL of the page's early read without its public key: the URL the app reads. */
const withoutKey = (url: string) => url.replace(publicKeyQuery(env.supabaseAnonKey), '');

/** index.html's inline script, as the build writes it, run on a page opened at `path`. */
function openPage(path: string, preload: (routeFile: string) => string[] = () => []): void {
  window.history.replaceState(null, '', path);
  new Function(earlyReadsScript(earlyReadPlan(env.supabaseUrl, env.supabaseAnonKey, preload)))();
}

const preloaded = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

/** Whether the app, launched at the current location, reads its first screen from the server. */
async function appReadsServer(): Promise<boolean> {
  vi.resetModules();
  const { launchScreenReadsServer } = await import('@/launch/first-screen');
  return launchScreenReadsServer();
}

const threadPath = (id: string) => `/discussions/thread/${id}`;

afterEach(() => {
  document.head.replaceChildren();
  clearPrivateDeviceData();
  localStorage.removeItem(AUTH_STORAGE_KEY);
  delete (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL];
  vi.unstubAllGlobals();
});

describe('the early read started by the page', () => {
  it("sends exactly the thread's requests the app would send, and the app takes them over instead of sending them again", async () => {
    const urls = stubServer();
    openPage(threadPath('11111111-1111-4111-8111-111111111111'));
    const early = [...urls];
    expect(early).toHaveLength(2);
    // The public key rides in the query and no header is set, so the browser sends each without a preflight.
    for (const [i, url] of early.entries()) {
      expect(url.endsWith(publicKeyQuery(env.supabaseAnonKey))).toBe(true);
      expect([...sentHeaders[i].keys()]).toEqual([]);
    }
    await serverThread('11111111-1111-4111-8111-111111111111');
    expect(urls).toEqual(early);

    // Without an early read, the app's own requests for another thread: the same, id for id, and no header either.
    delete (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL];
    urls.length = 0;
    sentHeaders.length = 0;
    await serverThread('22222222-2222-4222-8222-222222222222');
    expect(urls.map((u) => u.replaceAll('22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111')).sort()).toEqual([...early].sort());
    expect(sentHeaders.map((h) => [...h.keys()])).toEqual([[], []]);
  });

  it('reports a read the server refuses for itself once, without sending it again', async () => {
    const urls = stubServer(async () => new Response('{"code":"22P02","message":"invalid input syntax for type uuid"}', { status: 400 }));
    await expect(serverThread('77777777-7777-4777-8777-777777777777')).rejects.toThrow(/HTTP 400/);
    expect(urls).toHaveLength(2);
    expect(urls.every((u) => u.endsWith(publicKeyQuery(env.supabaseAnonKey)))).toBe(true);
  });

  it('reads with the key in its headers from a gateway that does not take it from the query', async () => {
    const thread = '66666666-6666-4666-8666-666666666666';
    const row = { id: thread, title: 'Headers only', user_id: 'u1', category: 'General', created_at: '2026-11-01T10:00:00+00:00' };
    const urls = stubServer(async (url, index) => {
      // One refusal as a gateway that takes no key from the query gives it, one as PostgREST reading it as a filter.
      if (index === 0) return new Response('{"message":"No API key found in request"}', { status: 401 });
      if (index === 1) return new Response('{"code":"42703","message":"column discussions.apikey does not exist"}', { status: 400 });
      return new Response(JSON.stringify(url.includes('/discussions?') ? [row] : []), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const result = await serverThread(thread);
    expect(result.discussion?.title).toBe('Headers only');
    expect(urls).toHaveLength(4);
    expect(urls.slice(2).sort()).toEqual(urls.slice(0, 2).map(withoutKey).sort());
    expect(sentHeaders.slice(2).map((h) => h.get('apikey'))).toEqual([env.supabaseAnonKey, env.supabaseAnonKey]);
  });

  it("sends the hub's request, which the app takes over", async () => {
    const urls = stubServer();
    openPage('/discussions');
    expect(urls).toHaveLength(1);
    await serverDiscussions();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/\/rest\/v1\/discussions\?select=/);
  });

  it("sends a profile's and a blog post's request, which the app takes over", async () => {
    const urls = stubServer();
    // A link with capitals: the screen reads the lower-cased username, and so does the page.
    openPage('/profile/Demo_DJ');
    expect(urls).toHaveLength(1);
    await serverProfile('Demo_DJ');
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/\/rest\/v1\/profiles\?select=.*&username=eq\.demo_dj&/);

    urls.length = 0;
    openPage('/blog/summer%20mix');
    expect(urls).toHaveLength(1);
    await serverBlogPost('summer mix');
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/\/rest\/v1\/blog_posts\?select=.*&slug=eq\.summer%20mix&/);
  });

  it("preloads a profile's banner as the screen will ask for it once the profile is in, and nothing for a picture from elsewhere", async () => {
    const banner = `${env.supabaseUrl}/storage/v1/object/public/user-content-files/banners/demo%20banner.jpg`;
    const answer = (url: string) => async () =>
      new Response(JSON.stringify([{ id: 'p1', username: 'banner_dj', banner_url: url }]), { status: 200, headers: { 'content-type': 'application/json' } });
    stubServer(answer(banner));
    openPage('/profile/banner_dj');
    const preloadedImage = () => document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    await vi.waitFor(() => expect(preloadedImage()).not.toBeNull());
    const screen = imageSources(banner, PROFILE_BANNER_SIZING);
    expect(screen.srcSet).toBeTruthy();
    expect(preloadedImage()?.getAttribute('imagesrcset')).toBe(screen.srcSet);
    expect(preloadedImage()?.getAttribute('imagesizes')).toBe(screen.sizes);
    // The app still gets the whole answer.
    await expect(serverProfile('banner_dj')).resolves.toMatchObject({ profile: { username: 'banner_dj' } });

    document.head.replaceChildren();
    stubServer(answer('https://picsum.photos/seed/demo/1200/300'));
    openPage('/profile/other_dj');
    await serverProfile('other_dj').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(preloadedImage()).toBeNull();
  });

  it("preloads a blog post's cover from the project's storage as the article will ask for it", async () => {
    const cover = `${env.supabaseUrl}/storage/v1/object/public/user-content-files/u1/covers/summer.jpg`;
    stubServer(
      async () =>
        new Response(JSON.stringify([{ id: 'b1', slug: 'summer-mix', title: 'Summer mix', cover_image_url: cover }]), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    openPage('/blog/summer-mix');
    const preloadedImage = () => document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    await vi.waitFor(() => expect(preloadedImage()).not.toBeNull());
    const article = imageSources(cover, BLOG_COVER_SIZING);
    // Cut to the article's 2:1 box, at the widths a phone asks for.
    expect(article.srcSet).toContain(`?width=750&height=375&resize=cover&quality=${IMAGE_QUALITY} 750w`);
    expect(preloadedImage()?.getAttribute('imagesrcset')).toBe(article.srcSet);
    expect(preloadedImage()?.getAttribute('imagesizes')).toBe(article.sizes);
  });

  it('is sent again by the app when the early answer is an error or never came', async () => {
    // The page's two requests fail (one with a status, one without an answer); the app's own succeed.
    const urls = stubServer((_url, index) =>
      index === 0 ? Promise.resolve(new Response('{}', { status: 503 })) : index === 1 ? Promise.reject(new TypeError('offline')) : ok(),
    );
    openPage(threadPath('33333333-3333-4333-8333-333333333333'));
    await expect(serverThread('33333333-3333-4333-8333-333333333333')).resolves.toMatchObject({ discussion: null, view: { posts: [] } });
    expect(urls).toHaveLength(4);
    expect(new Set(urls).size).toBe(2);
  });

  it.each([
    ['a thread on an empty device', threadPath('44444444-4444-4444-8444-444444444444'), () => undefined, 2, true],
    ['a thread whose posts were never pulled', threadPath('44444444-4444-4444-8444-444444444444'), () => markPulled('discussions'), 2, true],
    [
      'a thread on a device that synced',
      threadPath('44444444-4444-4444-8444-444444444444'),
      () => ['discussions', 'posts', 'profiles'].forEach((n) => markPulled(n as 'posts')),
      0,
      false,
    ],
    ['a thread opened by a signed-in member', threadPath('44444444-4444-4444-8444-444444444444'), () => localStorage.setItem(AUTH_STORAGE_KEY, '{}'), 0, false],
    [
      'a link to one post of a thread',
      `${threadPath('44444444-4444-4444-8444-444444444444')}?post=55555555-5555-4555-8555-555555555555`,
      () => undefined,
      0,
      false,
    ],
    ['the hub on a device that pulled the discussions', '/discussions/', () => markPulled('discussions'), 0, false],
    ['a profile', '/profile/demo_dj', () => undefined, 1, true],
    ['a blog post', '/blog/first-post', () => undefined, 1, true],
    [
      'a profile on a device that pulled profiles and content',
      '/profile/demo_dj',
      () => ['profiles', 'user_content'].forEach((n) => markPulled(n as 'profiles')),
      0,
      false,
    ],
    // Home's first screen is its own text: the app reads its rows itself.
    ['home', '/', () => undefined, 0, true],
    ['a path under a thread', `${threadPath('44444444-4444-4444-8444-444444444444')}/more`, () => undefined, 0, false],
  ])('for %s, reads early only where the app reads the server first', async (_case, path, prepare, requests, appServerFirst) => {
    prepare();
    const urls = stubServer();
    openPage(path);
    expect(urls).toHaveLength(requests);
    expect(await appReadsServer()).toBe(appServerFirst);
  });

  it('keeps an encoded id as the app encodes it, and leaves a malformed one to the app', async () => {
    let urls = stubServer();
    openPage(threadPath('a%20b'));
    expect(urls.every((u) => u.includes('a%20b'))).toBe(true);
    urls = stubServer();
    expect(() => openPage(threadPath('%E0%A4%A'))).not.toThrow();
    expect(urls).toHaveLength(0);
  });

  it("fetches the launch screen's module chunks at once when it reads early, and none otherwise", async () => {
    const chunks = (routeFile: string) => [`/assets/${routeFile.replaceAll('/', '_')}.js`, '/assets/shared.js'];
    stubServer();
    openPage(threadPath('66666666-6666-4666-8666-666666666666'), chunks);
    expect(preloaded()).toEqual(['/assets/routes_discussions_thread_$threadId.tsx.js', '/assets/shared.js']);
    document.head.replaceChildren();
    openPage('/discussions', chunks);
    expect(preloaded()).toEqual(['/assets/routes_discussions_index.tsx.js', '/assets/shared.js']);
    document.head.replaceChildren();
    openPage('/profile/demo_dj', chunks);
    expect(preloaded()).toEqual(['/assets/routes_profile_$username_index.tsx.js', '/assets/shared.js']);
    document.head.replaceChildren();
    // A profile's support page is not a first screen a link opens.
    openPage('/profile/demo_dj/support', chunks);
    expect(preloaded()).toEqual([]);
    // A member's launch reads the store: the app loads its chunks in its own order.
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    openPage(threadPath('66666666-6666-4666-8666-666666666666'), chunks);
    expect(preloaded()).toEqual([]);
  });
});
