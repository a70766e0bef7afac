// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { decoratePost, contentIdOf } from '@/features/discussions/model/post-decorations';
import { renderPostContent } from '@/lib/markdown';
import { insertMention, mentionAt, mentionedUsernames } from '@/lib/mentions';

const ORIGIN = 'https://app.example';
const members = new Set(['dj_one', 'selector']);
const isMember = (u: string) => members.has(u);

function render(markdown: string) {
  const decorated = decoratePost(renderPostContent(markdown), isMember, ORIGIN);
  const root = document.createElement('div');
  root.innerHTML = decorated.html;
  return { ...decorated, root };
}

describe('mentions', () => {
  it('reads names as the database does: not e-mail addresses, lowercase, distinct', () => {
    expect(mentionedUsernames('hi @DJ_One and @dj_one, mail x@selector.com or @ab')).toEqual(['dj_one']);
  });

  it('finds the name being typed before the caret, and inserts the picked one', () => {
    expect(mentionAt('thanks @dj', 10)).toEqual({ start: 7, query: 'dj' });
    expect(mentionAt('thanks @', 8)).toEqual({ start: 7, query: '' });
    expect(mentionAt('mail me@dj', 10)).toBeNull();
    expect(mentionAt('thanks @dj now', 14)).toBeNull();
    expect(insertMention('thanks @dj now', 7, 10, 'dj_one')).toEqual({ text: 'thanks @dj_one now', caret: 15 });
    expect(insertMention('thanks @d', 7, 9, 'dj_one')).toEqual({ text: 'thanks @dj_one ', caret: 15 });
  });

  it("links a member's mention to the profile; a name nobody has, code and links stay as they are", () => {
    const { root } = render('Thanks @DJ_One and @nobody_here. `@selector` [@selector](https://x.example/)');
    const mentions = Array.from(root.querySelectorAll('a[data-mention]'));
    expect(mentions.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([['/profile/dj_one', '@DJ_One']]);
    expect(root.textContent).toContain('@nobody_here');
    expect(root.querySelector('code')?.textContent).toBe('@selector');
  });
});

describe('players in posts', () => {
  it('gives each provider link one card, titled by the link text when it has one', () => {
    const { players, root } = render(
      '[Late night mix](https://soundcloud.com/dj/late-night) and https://youtu.be/dQw4w9WgXcQ and again https://soundcloud.com/dj/late-night',
    );
    expect(players.map((p) => [p.embed.provider, p.title])).toEqual([
      ['soundcloud', 'Late night mix'],
      ['youtube', null],
    ]);
    // The links stay in the text.
    expect(root.querySelectorAll('a[href^="https://soundcloud.com/"]')).toHaveLength(2);
  });

  it("takes an embed code's frame out of the text and makes it a card, so nothing loads before Play", () => {
    const { players, root } = render('<p>hear this</p><iframe src="https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/42"></iframe>');
    expect(root.querySelector('iframe')).toBeNull();
    expect(players).toHaveLength(1);
    expect(players[0].embed.frameSrc).toContain('https://w.soundcloud.com/player/');
  });

  it('makes no card for look-alike hosts, user-part tricks or ports', () => {
    const { players } = render(
      '<a href="https://soundcloud.com.evil.example/a/b">x</a> <a href="https://soundcloud.com@evil.example/a/b">y</a> <a href="https://soundcloud.com:444/a/b">z</a>',
    );
    expect(players).toEqual([]);
  });

  it("finds links to the app's own tracks on this site only", () => {
    const id = '0b5c9d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
    expect(contentIdOf(`/content/${id}`, ORIGIN)).toBe(id);
    expect(contentIdOf(`${ORIGIN}/content/${id}`, ORIGIN)).toBe(id);
    expect(contentIdOf(`https://evil.example/content/${id}`, ORIGIN)).toBeNull();
    expect(contentIdOf(`/content/${id}/x`, ORIGIN)).toBeNull();
    expect(render(`[my track](/content/${id})`).trackIds).toEqual([id]);
  });
});
