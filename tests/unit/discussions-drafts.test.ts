import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { samePostCardProps, type PostActions } from '@/features/discussions/components/post-card';
import { discussionDraftInput, EMPTY_DISCUSSION_INPUT } from '@/features/discussions/model/drafts';
import { newDiscussionDraftId, postEditDraftId } from '@/features/discussions/model/ids';
import { postPermissions } from '@/features/discussions/model/permissions';
import { toDiscussionRow } from '@/features/discussions/model/row-shapes';
import type { AuthorProfile } from '@/features/discussions/model/types';
import { clearDraft, newReply, saveDiscussionDraft, savePostEditDraft } from '@/features/discussions/model/writes';
import { isSyncedDraft } from '@/db/schemas/drafts';
import { testDatabase } from './db-support/memory-db';

let db: AppDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('the new-discussion draft', () => {
  const typed = { title: 'Best budget monitors?', category: 'Other', customCategory: 'Studio', content: 'Under 300 a pair' };

  it('is kept for its member with every field under the id each of their devices computes, and never queued as a write', async () => {
    db = await testDatabase();
    const member = crypto.randomUUID();
    await saveDiscussionDraft(db, member, typed);
    const stored = await db.drafts.findOne(newDiscussionDraftId(member)).exec();
    expect(stored?.kind).toBe('discussion');
    expect(stored?.user_id).toBe(member);
    expect(discussionDraftInput(stored!.toJSON())).toEqual(typed);
    expect(await db.outbox.count().exec()).toBe(0);
  });

  it('is removed when the form is blanked or the discussion was created', async () => {
    db = await testDatabase();
    const member = crypto.randomUUID();
    const NEW_DISCUSSION_DRAFT_ID = newDiscussionDraftId(member);
    await saveDiscussionDraft(db, member, typed);
    await saveDiscussionDraft(db, member, { ...EMPTY_DISCUSSION_INPUT, title: '   ' });
    expect(await db.drafts.findOne(NEW_DISCUSSION_DRAFT_ID).exec()).toBeNull();
    await saveDiscussionDraft(db, member, { ...EMPTY_DISCUSSION_INPUT, category: 'Off-Topic' });
    expect(await db.drafts.findOne(NEW_DISCUSSION_DRAFT_ID).exec()).not.toBeNull();
    await clearDraft(db, NEW_DISCUSSION_DRAFT_ID);
    expect(await db.drafts.findOne(NEW_DISCUSSION_DRAFT_ID).exec()).toBeNull();
  });
});

describe("a post edit's draft", () => {
  it('is kept for its member under the id every device computes, synced like a reply, and goes when the text is the post again', async () => {
    db = await testDatabase();
    const member = crypto.randomUUID();
    const postId = crypto.randomUUID();
    const id = postEditDraftId(member, postId);
    await savePostEditDraft(db, member, postId, 'Opening post, edited', 'Opening post');
    const stored = await db.drafts.findOne(id).exec();
    expect(stored).toMatchObject({ kind: 'post_edit', key: postId, content: 'Opening post, edited', user_id: member });
    expect(isSyncedDraft(stored!.toJSON(), member)).toBe(true);
    expect(await db.outbox.count().exec()).toBe(0);

    // Typed back to what the post says, or emptied: nothing to keep.
    await savePostEditDraft(db, member, postId, 'Opening post', 'Opening post');
    expect(await db.drafts.findOne(id).exec()).toBeNull();
    await savePostEditDraft(db, member, postId, 'Opening post, again', 'Opening post');
    await savePostEditDraft(db, member, postId, '  ', 'Opening post');
    expect(await db.drafts.findOne(id).exec()).toBeNull();
  });
});

describe('post cards skip re-rendering when nothing they show changed', () => {
  const member = crypto.randomUUID();
  const discussion = toDiscussionRow({
    id: crypto.randomUUID(),
    user_id: member,
    title: 't',
    category: 'c',
    is_pinned: false,
    is_locked: false,
    created_at: '2026-01-01T00:00:00.000Z',
    last_activity_at: '2026-01-01T00:00:00.000Z',
    post_count: 1,
  });
  const author: AuthorProfile = { id: member, username: 'dj', display_name: 'DJ', avatar_url: null, role: 'dj', signature: null, karma: 3 };
  const actions = {} as PostActions;
  const post = newReply(member, discussion.id, 'hello', null);
  const props = (p = post, a = author) => ({
    post: p,
    author: a,
    quoted: undefined,
    liked: false,
    likeCount: 0,
    permissions: postPermissions({ id: member, role: 'dj', username: 'dj', display_name: 'DJ' }, discussion, p),
    outbox: { status: 'waiting' as const },
    highlighted: false,
    actions,
  });

  it('treats fresh but equal rows from a new store emission as equal', () => {
    expect(samePostCardProps(props(), props({ ...post, reactions_summary: {} }, { ...author }))).toBe(true);
  });

  it('re-renders for an edit, a new like count or a changed author', () => {
    expect(samePostCardProps(props(), props({ ...post, content: 'edited' }))).toBe(false);
    expect(samePostCardProps(props(), props({ ...post, reactions_summary: { like: 1 } }))).toBe(false);
    expect(samePostCardProps(props(), props(post, { ...author, karma: 4 }))).toBe(false);
    expect(samePostCardProps(props(), { ...props(), actions: {} as PostActions })).toBe(false);
  });
});
