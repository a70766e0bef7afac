/**
 * Turns the hand-written content into a dated, interlinked community: who
 * posted what when, who quotes and mentions whom, who likes and follows whom.
 * Everything random comes from one seeded generator, so the output is stable.
 */
import { BLOG_POSTS, type SeedBlogPost } from './content/blog';
import { CLOSERS, GENERIC_TOPICAL, OPENERS, TOPICAL } from './content/chatter';
import { MEMBERS, member, type SeedAccount } from './content/members';
import { THREADS, type SeedThread } from './content/threads';
import { UPLOADS, type SeedUpload } from './content/uploads';
import { createRandom, relationId, seedId, type Random } from './random';

const MINUTES_PER_DAY = 24 * 60;

export interface PlannedPost {
  id: string;
  discussionId: string;
  authorId: string;
  quotedPostId: string | null;
  content: string;
  minutesAgo: number;
  isSolution: boolean;
  /** edited a while after posting */
  editedMinutesAgo: number | null;
}

export interface PlannedThread {
  id: string;
  thread: SeedThread;
  authorId: string;
  minutesAgo: number;
  posts: PlannedPost[];
}

export interface PlannedFollow {
  id: string;
  followerId: string;
  followingId: string;
  minutesAgo: number;
}

export interface PlannedReaction {
  id: string;
  postId: string;
  userId: string;
  minutesAgo: number;
}

export interface Community {
  members: Array<SeedAccount & { id: string; identityId: string }>;
  threads: PlannedThread[];
  follows: PlannedFollow[];
  reactions: PlannedReaction[];
  uploads: Array<SeedUpload & { id: string; ownerId: string }>;
  blogPosts: Array<SeedBlogPost & { id: string; authorId: string }>;
}

export const memberId = (username: string): string => seedId(`member:${username}`);

/** A quote exactly as the reply editor pre-fills it. */
export function quoteMarkdown(authorName: string, quotedText: string): string {
  const plain = quotedText
    .replace(/<\/(p|li|h\d)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim();
  const excerpt = plain.length > 220 ? `${plain.slice(0, plain.lastIndexOf(' ', 220))}…` : plain;
  const lines = excerpt.split('\n').filter((l) => l.trim() !== '');
  return `> **${authorName} wrote:**\n${lines.map((l) => `> ${l.trim()}`).join('\n')}\n\n`;
}

function planThread(thread: SeedThread, rng: Random, now: { minutes: number }): PlannedThread {
  const id = seedId(`discussion:${thread.key}`);
  const start = thread.daysAgo * MINUTES_PER_DAY - rng.int(0, 600);
  const posts: PlannedPost[] = [];
  const nameOf = (authorId: string) => MEMBERS.find((m) => memberId(m.username) === authorId)!.displayName;

  // Replies spread over the thread's life, denser at first; never in the future.
  const total = 1 + thread.replies.length + thread.chatter;
  const span = Math.min(start - 30, Math.max(MINUTES_PER_DAY, start * 0.85));
  const offsets = Array.from({ length: total - 1 }, () => Math.pow(rng.next(), 1.8) * span).sort((a, b) => a - b);

  posts.push({
    id: seedId(`post:${thread.key}:0`),
    discussionId: id,
    authorId: memberId(thread.author),
    quotedPostId: null,
    content: thread.opening,
    minutesAgo: start,
    isSolution: false,
    editedMinutesAgo: null,
  });

  const scripted = thread.replies.map((reply) => ({ kind: 'scripted' as const, reply }));
  const chatterAuthors = MEMBERS.filter((m) => m.username !== thread.author);
  const topical = rng.sample(TOPICAL[thread.category] ?? GENERIC_TOPICAL, 99);
  const extraTopical = rng.sample(
    GENERIC_TOPICAL.filter((l) => !topical.includes(l)),
    99,
  );
  const lines = [...topical, ...extraTopical];
  let lineIndex = 0;

  for (let i = 1; i < total; i++) {
    const minutesAgo = Math.max(now.minutes + 5, start - offsets[i - 1] - i);
    const entry = scripted[i - 1];
    if (entry) {
      const quoted = entry.reply.quote !== undefined ? posts[entry.reply.quote] : undefined;
      if (entry.reply.quote !== undefined && !quoted) throw new Error(`${thread.key}: reply ${i} quotes a later post`);
      posts.push({
        id: seedId(`post:${thread.key}:${i}`),
        discussionId: id,
        authorId: memberId(member(entry.reply.by).username),
        quotedPostId: quoted?.id ?? null,
        content: (quoted ? quoteMarkdown(nameOf(quoted.authorId), quoted.content) : '') + entry.reply.text,
        minutesAgo,
        isSolution: entry.reply.solution ?? false,
        editedMinutesAgo: null,
      });
      continue;
    }
    const joined = chatterAuthors.filter((m) => m.joinedDaysAgo * MINUTES_PER_DAY > minutesAgo + 60);
    const author = rng.pick(joined.length > 0 ? joined : chatterAuthors);
    const previous = posts[posts.length - 1];
    let text = lines[lineIndex++ % lines.length];
    if (rng.chance(0.3)) text = `${rng.pick(OPENERS)} ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
    if (rng.chance(0.25)) text = `${text} ${rng.pick(CLOSERS)}`;
    let quotedPostId: string | null = null;
    if (rng.chance(0.18) && previous.authorId !== memberId(author.username)) {
      quotedPostId = previous.id;
      text = quoteMarkdown(nameOf(previous.authorId), previous.content) + text;
    } else if (rng.chance(0.15)) {
      const target = MEMBERS.find((m) => memberId(m.username) === previous.authorId)!;
      if (target.username !== author.username) text = `@${target.username} ${text}`;
    }
    posts.push({
      id: seedId(`post:${thread.key}:${i}`),
      discussionId: id,
      authorId: memberId(author.username),
      quotedPostId,
      content: text,
      minutesAgo,
      isSolution: false,
      editedMinutesAgo: rng.chance(0.06) ? Math.max(now.minutes + 1, minutesAgo - rng.int(5, 240)) : null,
    });
  }
  posts.sort((a, b) => b.minutesAgo - a.minutesAgo);
  return { id, thread, authorId: memberId(thread.author), minutesAgo: start, posts };
}

/** Follows: staff and featured members are popular, everyone follows a handful of peers. */
function planFollows(rng: Random, members: Community['members']): PlannedFollow[] {
  const follows: PlannedFollow[] = [];
  const popular = new Set(members.filter((m) => m.featured || m.role === 'admin' || m.role === 'label').map((m) => m.username));
  for (const follower of members) {
    const candidates = members.filter((m) => m.username !== follower.username);
    const chosen = new Set<string>();
    for (const m of candidates) if (popular.has(m.username) && rng.chance(0.55)) chosen.add(m.username);
    for (const m of rng.sample(candidates, rng.int(2, 9))) chosen.add(m.username);
    for (const username of [...chosen].sort()) {
      const following = members.find((m) => m.username === username)!;
      const since = Math.min(follower.joinedDaysAgo, following.joinedDaysAgo) * MINUTES_PER_DAY;
      follows.push({
        id: relationId(`${follower.id}:${following.id}`),
        followerId: follower.id,
        followingId: following.id,
        minutesAgo: rng.int(10, Math.max(11, since - 60)),
      });
    }
  }
  return follows.sort((a, b) => b.minutesAgo - a.minutesAgo);
}

/** Likes: scripted answers and solutions collect more, nobody likes their own post. */
function planReactions(rng: Random, threads: PlannedThread[], members: Community['members']): PlannedReaction[] {
  const reactions: PlannedReaction[] = [];
  for (const planned of threads) {
    planned.posts.forEach((post, index) => {
      const scripted = index <= planned.thread.replies.length;
      const base = post.isSolution ? rng.int(4, 9) : scripted ? rng.int(0, 5) : rng.int(0, 2);
      const likers = rng.sample(
        members.filter((m) => m.id !== post.authorId && m.joinedDaysAgo * MINUTES_PER_DAY > post.minutesAgo),
        base,
      );
      for (const liker of likers) {
        reactions.push({
          id: relationId(`${post.id}:${liker.id}:like`),
          postId: post.id,
          userId: liker.id,
          minutesAgo: Math.max(2, post.minutesAgo - rng.int(3, Math.max(4, Math.min(post.minutesAgo - 3, 4 * MINUTES_PER_DAY)))),
        });
      }
    });
  }
  return reactions.sort((a, b) => b.minutesAgo - a.minutesAgo);
}

export function planCommunity(seed = 20261122): Community {
  const rng = createRandom(seed);
  const members = MEMBERS.map((m) => ({ ...m, id: memberId(m.username), identityId: seedId(`identity:${m.username}`) }));
  const now = { minutes: 20 };
  const threads = THREADS.map((t) => planThread(t, rng, now));
  // A scripted post may predate the member's nominal join date: move the join date back.
  for (const m of members) {
    const first = Math.max(0, ...threads.flatMap((t) => t.posts.filter((p) => p.authorId === m.id).map((p) => p.minutesAgo)));
    m.joinedDaysAgo = Math.max(m.joinedDaysAgo, Math.ceil(first / MINUTES_PER_DAY) + 1);
  }
  return {
    members,
    threads,
    follows: planFollows(rng, members),
    reactions: planReactions(rng, threads, members),
    uploads: UPLOADS.map((u) => ({ ...u, id: seedId(`content:${u.owner}:${u.file}`), ownerId: memberId(member(u.owner).username) })),
    blogPosts: BLOG_POSTS.map((b) => ({ ...b, id: seedId(`blog:${b.slug}`), authorId: memberId(member(b.author).username) })),
  };
}
