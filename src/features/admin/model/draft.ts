import { DEFAULT_DRAFT_TITLE, DRAFT_TITLE_MAX, SLUG_MAX, SLUG_SUFFIX_DIGITS } from '../constants';

/** The first line of the generated text, cut to 70 characters plus an ellipsis (markdown heading marks dropped). */
export function titleFromGenerated(text: string): string {
  const first = (text.split('\n').find((l) => l.trim() !== '') ?? '').replace(/^#+\s*/, '').trim();
  return first.length > DRAFT_TITLE_MAX ? `${first.slice(0, DRAFT_TITLE_MAX)}...` : first;
}

/** A blank title becomes 'AI Generated Blog Post'. */
export function finalDraftTitle(title: string): string {
  return title.trim() === '' ? DEFAULT_DRAFT_TITLE : title.trim();
}

/**
 * Lowercase, trimmed, spaces to hyphens, non-word characters removed,
 * repeated hyphens collapsed, cut to 75, then '-' and the last 5 digits of
 * the time in milliseconds.
 */
export function draftSlug(title: string, nowMs = Date.now()): string {
  const base = title
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-')
    .slice(0, SLUG_MAX);
  return `${base}-${String(nowMs).slice(-SLUG_SUFFIX_DIGITS)}`;
}
