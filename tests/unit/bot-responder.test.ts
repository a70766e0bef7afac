import { describe, expect, it } from 'vitest';
import { BOT_REPLY_MAX_MS, BOT_REPLY_MIN_MS, QUICK_QUESTIONS } from '@/features/bot/constants';
import { replyDelay, respond } from '@/features/bot/model/responder';

describe('DJ.Bot', () => {
  it('answers the four quick questions with links to their screens', () => {
    const links = QUICK_QUESTIONS.map((q) => respond(q.text, 'mia').links.map((l) => l.to));
    expect(links[0]).toContain('/discussions');
    expect(links[1]).toContain('/directory');
    expect(links[2]).toEqual(['/profile/mia', '/settings/profile']);
    expect(links[3]).toContain('/subscriptions');
    expect(respond(QUICK_QUESTIONS[2].text, null).links.map((l) => l.to)).toEqual(['/login']);
  });

  it('points unknown questions home and to contact', () => {
    expect(respond('qwerty', null).links.map((l) => l.to)).toEqual(['/', '/contact']);
  });

  it('waits 1 to 2 seconds', () => {
    expect(replyDelay(BOT_REPLY_MIN_MS, BOT_REPLY_MAX_MS, () => 0)).toBe(1000);
    expect(replyDelay(BOT_REPLY_MIN_MS, BOT_REPLY_MAX_MS, () => 0.999999)).toBe(2000);
  });
});
