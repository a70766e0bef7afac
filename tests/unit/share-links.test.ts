import { describe, expect, it } from 'vitest';
import { SHARE_PLATFORMS } from '@/features/share/constants';
import { buildShareLink, normalizeInstance, platformById, popupFeatures } from '@/features/share/model/share-links';

const data = { url: 'https://djcircle.app/blog/a b', title: 'Hi & bye', description: 'd?', imageUrl: 'https://img/x.png' };

describe('share links', () => {
  it('has the 20 share platforms', () => {
    expect(SHARE_PLATFORMS.map((p) => p.id)).toEqual([
      'facebook',
      'x',
      'linkedin',
      'pinterest',
      'reddit',
      'whatsapp',
      'telegram',
      'email',
      'tumblr',
      'vk',
      'line',
      'viber',
      'pocket',
      'evernote',
      'flipboard',
      'tiktok',
      'discord',
      'mastodon',
      'bluesky',
      'threads',
    ]);
  });

  it('fills every placeholder with encoded values and leaves none behind', () => {
    for (const p of SHARE_PLATFORMS) {
      const link = buildShareLink(p, data, 'mastodon.social');
      if (p.template === null) expect(link).toBeNull();
      else {
        expect(link).not.toMatch(/\{(url|title|description|imageUrl|instance)\}/);
        if (p.template.includes('{url}')) expect(link).toContain(encodeURIComponent(data.url));
      }
    }
    expect(buildShareLink(platformById('pinterest'), data)).toBe(
      `https://pinterest.com/pin/create/button/?url=${encodeURIComponent(data.url)}&media=${encodeURIComponent(data.imageUrl)}&description=d%3F`,
    );
  });

  it('strips a typed http(s):// from the Mastodon instance', () => {
    expect(normalizeInstance(' https://fosstodon.org/ ')).toBe('fosstodon.org');
    expect(buildShareLink(platformById('mastodon'), data, 'http://mstdn.social')).toMatch(/^https:\/\/mstdn\.social\/share\?text=/);
  });

  it('opens a 600 x 400 pop-up', () => {
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 1200, outerHeight: 800 })).toMatch(/^width=600,height=400,left=300,top=200/);
  });
});
