import QuickLRU from 'quick-lru';
import { Marked, type Tokens } from 'marked';
import { POST_MARKUP_CLASSES, sanitizeMarkdownHtml, sanitizePostHtml, warmUpSanitizer } from './sanitize';

/**
 * Markdown to safe HTML: line breaks on, raw HTML
 * sanitized, external links open in a new tab without an opener (the
 * sanitizer's hook sets target and rel).
 */
const blogMarked = new Marked({ gfm: true, breaks: true, async: false });

export function renderMarkdown(markdown: string): string {
  return sanitizeMarkdownHtml(blogMarked.parse(markdown, { async: false }));
}

/**
 * Posts are written in markdown (the reply toolbar) or HTML (older first
 * posts) and must end inside the post allow-list, which has no blockquote,
 * heading, del or hr. Those are rendered with allowed tags and classes instead
 * so quotes and strikethrough still look like what the member typed
 * (Tailwind classes the sanitizer lets through, and only these).
 */
const postMarked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    blockquote(token: Tokens.Blockquote) {
      return `<div class="${POST_MARKUP_CLASSES.quote}">${this.parser.parse(token.tokens)}</div>\n`;
    },
    heading(token: Tokens.Heading) {
      return `<p class="${POST_MARKUP_CLASSES.heading}"><strong>${this.parser.parseInline(token.tokens)}</strong></p>\n`;
    },
    del(token: Tokens.Del) {
      return `<span class="${POST_MARKUP_CLASSES.strike}">${this.parser.parseInline(token.tokens)}</span>`;
    },
    hr() {
      return `<div class="${POST_MARKUP_CLASSES.rule}"></div>\n`;
    },
  },
});

/**
 * Rendered posts by their source. Parsing and sanitizing a thread's first
 * screen is about a fifth of the script time of opening it; a thread opened
 * again (back and forth from the hub) reuses what it rendered.
 */
const renderedPosts = new QuickLRU<string, string>({ maxSize: 2000 });

export function renderPostContent(content: string): string {
  let html = renderedPosts.get(content);
  if (html === undefined) {
    html = sanitizePostHtml(postMarked.parse(content, { async: false }));
    renderedPosts.set(content, html);
  }
  return html;
}

/**
 * Text using the markdown a post or a blog post usually holds (every rule the renderers run first), in pieces:
 * headings, quotes, lists, rules and code blocks, emphasis, strikethrough and code, links and breaks (the block
 * rules in one piece were still a task of 7-10 ms unthrottled under a profiler). The
 * first lexing of each piece compiles the regular expressions of its rules, so each piece is a task of its own:
 * the whole sample lexed at once was one task of about 50 ms at a phone's speed, the only long task left after a
 * thread's first screen (`PROFILE_PAGES=thread PROFILE_AFTER_MS=2500 npm run bench -- profile`).
 */
const WARM_UP_PIECES = ['## a\n', '> i\n', '- j\n- k\n\n1. l\n', '---\n\n```\nm\n```\n', 'b **c** _d_\n', '~~e~~ `f`\n', '[g](/h)\nnext\n'];

/** Which renderer a warm-up prepares: a thread's posts, or a blog post (each with its own sanitizer profile). */
export type MarkdownKind = 'post' | 'blog';

/**
 * The first text rendered pays once for compiling marked's rules (large regular expressions V8 compiles on
 * first use) and for building the sanitizers: on a throttled phone, several times the cost of a short post,
 * all in the task that renders the first screen. These steps pay it ahead, each in a task of its own, and each
 * only once, whoever runs it first (an idle moment, or a route that starts them as it loads).
 */
const pendingSteps: Record<MarkdownKind, (() => void)[]> = {
  post: [...WARM_UP_PIECES.map((piece) => () => void postMarked.parse(piece, { async: false })), () => warmUpSanitizer('post')],
  blog: [...WARM_UP_PIECES.map((piece) => () => void blogMarked.parse(piece, { async: false })), () => warmUpSanitizer('markdown')],
};

/** Runs the next step of `kind`'s warm-up; false once there is none left. */
function runWarmUpStep(kind: MarkdownKind): boolean {
  const step = pendingSteps[kind].shift();
  if (!step) return false;
  try {
    step();
  } catch {
    // Only a head start: the render does the same work and reports what fails.
  }
  return true;
}

/**
 * Runs what is left of `kind`'s warm-up now, one step per task. A thread's or blog post's route starts it as it
 * loads, so the steps run while the screen's rows travel. The first render is not held for them: side by side,
 * holding a blog post's first render until the steps ran cut its Lighthouse TBT from 141 to 64 ms but moved its LCP
 * from 2,506 to 2,668 ms, and 64-172 ms later at 4x CPU in the browser itself (the steps cost more than the render
 * saves: marked still builds some rules per call).
 */
export function warmUpMarkdown(kind: MarkdownKind): void {
  if (runWarmUpStep(kind)) setTimeout(() => warmUpMarkdown(kind), 0);
}

/**
 * Runs the warm-up steps in the browser's idle moments, one per moment, from when this module loads (with the
 * screen that renders markdown, usually before its text has arrived). A step the render needed first has
 * already been paid for, and costs little here.
 */
function warmUpWhenIdle(): void {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') return;
  const next = () => {
    if (runWarmUpStep('post') || runWarmUpStep('blog')) window.requestIdleCallback(next);
  };
  window.requestIdleCallback(next);
}

warmUpWhenIdle();
