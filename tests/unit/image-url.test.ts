import { describe, expect, it } from 'vitest';
import { IMAGE_QUALITY, imageSources, RESPONSIVE_WIDTHS, storageObjectPath } from '@/lib/image-url';

const supabaseUrl = 'http://127.0.0.1:54321';
const stored = `${supabaseUrl}/storage/v1/object/public/user-content-files/u1/avatars/me.jpg`;

describe('imageSources', () => {
  it('asks the project storage for an avatar at its displayed size, 1x and 2x', () => {
    const s = imageSources(stored, { width: 96, height: 96 }, { supabaseUrl, transforms: true });
    const base = `${supabaseUrl}/storage/v1/render/image/public/user-content-files/u1/avatars/me.jpg`;
    const q = `quality=${IMAGE_QUALITY}`;
    expect(s.src).toBe(`${base}?width=96&height=96&resize=cover&${q}`);
    expect(s.srcSet).toBe(`${base}?width=96&height=96&resize=cover&${q} 1x, ${base}?width=192&height=192&resize=cover&${q} 2x`);
  });

  it('offers width candidates for full-width images', () => {
    const s = imageSources(stored, { width: 360, sizes: '100vw' }, { supabaseUrl, transforms: true });
    expect(s.sizes).toBe('100vw');
    expect(s.srcSet?.split(', ')).toHaveLength(RESPONSIVE_WIDTHS.length);
    expect(s.srcSet).toContain(`?width=1440&resize=cover&quality=${IMAGE_QUALITY} 1440w`);
  });

  it('offers a full-width image to common phones at no more than about a tenth wider than their screen', () => {
    // [CSS width, device pixel ratio]: Lighthouse's phone, small Android phones, iPhones, Pixels.
    const phones: [number, number][] = [
      [412, 1.75],
      [360, 2],
      [360, 3],
      [375, 2],
      [390, 3],
      [414, 2],
      [412, 2.625],
    ];
    for (const [css, dpr] of phones) {
      const needed = css * dpr;
      // The browser takes the narrowest candidate at least as wide as the screen's pixels.
      const taken = RESPONSIVE_WIDTHS.find((w) => w >= needed);
      expect(taken, `${css} px at ${dpr}x`).toBeDefined();
      expect(taken! / needed, `${css} px at ${dpr}x took ${taken}`).toBeLessThanOrEqual(1.11);
    }
  });

  it('leaves images from elsewhere, signed links and projects without transforms untouched', () => {
    for (const url of [
      'https://api.dicebear.com/9.x/thumbs/svg?seed=x',
      'https://other.supabase.co/storage/v1/object/public/b/x.jpg',
      `${supabaseUrl}/storage/v1/object/sign/b/x.jpg?token=t`,
      'not a url',
    ]) {
      expect(imageSources(url, { width: 96, height: 96 }, { supabaseUrl, transforms: true })).toEqual({ src: url });
    }
    expect(imageSources(stored, { width: 96, height: 96 }, { supabaseUrl, transforms: false })).toEqual({ src: stored });
  });

  it('names the stored object', () => {
    expect(storageObjectPath(stored, supabaseUrl)).toBe('user-content-files/u1/avatars/me.jpg');
    expect(storageObjectPath('https://example.com/storage/v1/object/public/b/x', supabaseUrl)).toBeUndefined();
  });
});
