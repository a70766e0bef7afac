// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

const purifyCalls = vi.hoisted(() => ({ setConfig: 0, sanitizeArgs: [] as number[] }));

// The real DOMPurify, counting how each instance is configured and called.
vi.mock('dompurify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('dompurify')>();
  const factory = (root: Window & typeof globalThis) => {
    const purify = actual.default(root);
    const { setConfig, sanitize } = purify;
    purify.setConfig = (config) => {
      purifyCalls.setConfig += 1;
      setConfig(config);
    };
    purify.sanitize = ((...args: Parameters<typeof sanitize>) => {
      purifyCalls.sanitizeArgs.push(args.length);
      return sanitize(...args);
    }) as typeof sanitize;
    return purify;
  };
  return { ...actual, default: factory };
});

const { renderMarkdown, renderPostContent, warmUpMarkdown } = await import('@/lib/markdown');
const { sanitizePostHtml } = await import('@/lib/sanitize');

describe('markdown and sanitizing on first use', () => {
  it('configures each sanitizer once, not on every text it cleans', () => {
    for (let i = 0; i < 5; i++) expect(sanitizePostHtml(`<p>post ${i}<script>alert(1)</script></p>`)).toBe(`<p>post ${i}</p>`);
    for (let i = 0; i < 3; i++) expect(renderMarkdown(`**blog ${i}** <img src=x onerror=alert(1)>`)).not.toContain('onerror');
    // One profile for posts, one for blog markdown; every call after that passes the text alone.
    expect(purifyCalls.setConfig).toBe(2);
    expect(purifyCalls.sanitizeArgs.length).toBeGreaterThanOrEqual(8);
    expect(new Set(purifyCalls.sanitizeArgs)).toEqual(new Set([1]));
  });

  it('renders the same after the warm-up steps as without them', async () => {
    const post = '> quoted\n\n## Heading\n\n**bold** ~~gone~~ [link](https://example.com)';
    const blog = '## Starting out\n\n- one\n- two\n\n[profile](/profile/x)';
    // Posts' renders are kept by their text: a leading blank line (which renders to nothing) asks for a fresh one.
    const before = { post: renderPostContent(post), blog: renderMarkdown(blog) };
    vi.useFakeTimers();
    try {
      warmUpMarkdown('post');
      warmUpMarkdown('blog');
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
    expect(renderPostContent(`\n${post}`)).toBe(before.post);
    expect(renderMarkdown(blog)).toBe(before.blog);
    expect(before.post).toContain('target="_blank"');
    expect(before.blog).toContain('<h2>Starting out</h2>');
  });

  it('warms up one step per task, until every step ran', async () => {
    vi.resetModules();
    const fresh = await import('@/lib/markdown');
    vi.useFakeTimers();
    try {
      fresh.warmUpMarkdown('blog');
      // One step runs at once, each further one in a task of its own (a timer), never two in one task.
      let tasks = 0;
      while (vi.getTimerCount() > 0 && tasks < 20) {
        expect(vi.getTimerCount()).toBe(1);
        await vi.advanceTimersToNextTimerAsync();
        tasks += 1;
      }
      expect(vi.getTimerCount()).toBe(0);
      expect(tasks).toBeGreaterThanOrEqual(4);
      // Done once: asking again runs nothing and schedules no task.
      fresh.warmUpMarkdown('blog');
      expect(vi.getTimerCount()).toBe(0);
      expect(fresh.renderMarkdown('**x**')).toBe('<p><strong>x</strong></p>\n');
    } finally {
      vi.useRealTimers();
    }
  });
});
