import { isUuid } from '@/db/ids';
import { CREATE_TEXT, CUSTOM_CATEGORY_MAX_LENGTH, OTHER_CATEGORY, TITLE_MAX_LENGTH } from './constants';

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

/** A reply is trimmed; empty or whitespace-only is refused. */
export function validateReply(content: string): Result<string> {
  const trimmed = content.trim();
  return trimmed === '' ? { ok: false, message: 'empty' } : { ok: true, value: trimmed };
}

export type NewDiscussionInput = { title: string; category: string; customCategory: string; content: string };
export type NewDiscussion = { title: string; category: string; content: string };

export function validateNewDiscussion(input: NewDiscussionInput): Result<NewDiscussion> {
  const title = input.title.trim();
  const content = input.content.trim();
  const category = input.category.trim();
  if (!title || !content || !category) return { ok: false, message: CREATE_TEXT.required };
  let finalCategory = category;
  if (category === OTHER_CATEGORY) {
    finalCategory = input.customCategory.trim();
    if (!finalCategory || finalCategory.toLowerCase() === OTHER_CATEGORY.toLowerCase()) {
      return { ok: false, message: CREATE_TEXT.customRequired };
    }
    if (finalCategory.length > CUSTOM_CATEGORY_MAX_LENGTH) {
      return { ok: false, message: `A custom category can be at most ${CUSTOM_CATEGORY_MAX_LENGTH} characters.` };
    }
  }
  if (title.length > TITLE_MAX_LENGTH) return { ok: false, message: `Title can be at most ${TITLE_MAX_LENGTH} characters.` };
  return { ok: true, value: { title, category: finalCategory, content } };
}

/** Title edit: an empty or unchanged title just closes the editor. */
export function titleEditOutcome(current: string, draft: string): { action: 'close' } | { action: 'save'; title: string } {
  const trimmed = draft.trim();
  if (trimmed === '' || trimmed === current) return { action: 'close' };
  return { action: 'save', title: trimmed.slice(0, TITLE_MAX_LENGTH) };
}

/** `?post=` arrives as text (the route validates its shape); only a uuid can name a post. */
export function postIdFromSearch(post: string | undefined): string | null {
  return isUuid(post) ? post.toLowerCase() : null;
}

/** A post's card carries this id prefix: `#post-<id>` is a link to the post. */
export const POST_ANCHOR_PREFIX = 'post-';

/** `#post-<id>` (with or without the `#`): the post it names, or null. */
export function postIdFromHash(hash: string): string | null {
  const anchor = hash.replace(/^#/, '');
  return anchor.startsWith(POST_ANCHOR_PREFIX) ? postIdFromSearch(anchor.slice(POST_ANCHOR_PREFIX.length)) : null;
}

/** A thread id from the address: only a uuid can name a discussion, anything else is not found without asking anyone. */
export function threadIdFromParams(threadId: string): string | null {
  return isUuid(threadId) ? threadId.toLowerCase() : null;
}
