import type { DraftDoc } from '@/db/schemas/drafts';
import { toast } from '@/stores/toast-store';
import { DRAFTS_TEXT } from '../constants';
import type { NewDiscussionInput } from '../validation';

/**
 * What the reply editor and the create-discussion dialog keep in the local
 * drafts collection, and how a stored draft turns back into their fields.
 */

export const EMPTY_DISCUSSION_INPUT: NewDiscussionInput = { title: '', category: '', customCategory: '', content: '' };

/** Nothing worth keeping: an all-blank form removes its draft instead of storing one. */
export function isBlankDiscussionDraft(input: NewDiscussionInput): boolean {
  return input.title.trim() === '' && input.category === '' && input.customCategory.trim() === '' && input.content.trim() === '';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function discussionDraftInput(draft: DraftDoc): NewDiscussionInput {
  const fields = draft.fields ?? {};
  return {
    title: text(fields.title),
    category: text(fields.category),
    customCategory: text(fields.custom_category),
    content: draft.content ?? '',
  };
}

export type ReplyDraft = { text: string; quotedPostId: string | null };

export function replyDraftInput(draft: DraftDoc): ReplyDraft {
  const quoted = draft.fields?.quoted_post_id;
  return { text: draft.content ?? '', quotedPostId: typeof quoted === 'string' ? quoted : null };
}

/** The text a refused write carried: a reply or edit's content, else a title. */
export function draftText(draft: DraftDoc): string {
  const fields = (draft.fields ?? {}) as { content?: unknown; title?: unknown };
  if (draft.content) return draft.content;
  if (typeof fields.content === 'string') return fields.content;
  if (typeof fields.title === 'string') return fields.title;
  // A change without text (a lock, a pin): say what it was.
  return Object.entries(draft.fields ?? {})
    .map(([field, value]) => `${field}: ${String(value)}`)
    .join(', ');
}

export async function copyDraftText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ variant: 'success', title: DRAFTS_TEXT.copied });
  } catch {
    toast({ variant: 'destructive', title: DRAFTS_TEXT.copyFailed });
  }
}
