// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, AVATAR_LOADED_ATTRIBUTE, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { env } from '@/lib/env';
import { imageSources } from '@/lib/image-url';

const stored = `${env.supabaseUrl}/storage/v1/object/public/user-content-files/u1/avatars/me.jpg`;
const external = 'https://avatars.example/me.png';

afterEach(cleanup);

function avatar(src: string) {
  return (
    <Avatar data-testid="avatar">
      <AvatarImage src={src} alt="" size={40} />
      <AvatarFallback>MJ</AvatarFallback>
    </Avatar>
  );
}

describe('the avatar', () => {
  it('asks the project storage for the picture at its size, 1x and 2x, drawn over the initials', () => {
    const { getByTestId } = render(avatar(stored));
    const img = getByTestId('avatar').querySelector('img')!;
    const sized = imageSources(stored, { width: 40, height: 40 });
    expect(img.getAttribute('src')).toBe(sized.src);
    expect(img.getAttribute('srcset')).toBe(sized.srcSet);
    expect(img.getAttribute('src')).not.toBe(stored);
    // never raised above the screen's own requests, as Chrome raises pictures laid out in view
    expect(img.getAttribute('fetchpriority')).toBe('low');
    expect(getByTestId('avatar').textContent).toBe('MJ');
  });

  it('falls back to the uploaded picture when the resized copy fails, then to the initials alone', () => {
    const { getByTestId } = render(avatar(stored));
    act(() => void fireEvent.error(getByTestId('avatar').querySelector('img')!));
    const original = getByTestId('avatar').querySelector('img')!;
    expect(original.getAttribute('src')).toBe(stored);
    expect(original.hasAttribute('srcset')).toBe(false);
    act(() => void fireEvent.error(original));
    expect(getByTestId('avatar').querySelector('img')).toBeNull();
    expect(getByTestId('avatar').textContent).toBe('MJ');
  });

  it('shows a picture from elsewhere as it is, and the initials alone when it fails', () => {
    const { getByTestId } = render(avatar(external));
    const img = getByTestId('avatar').querySelector('img')!;
    expect(img.getAttribute('src')).toBe(external);
    act(() => void fireEvent.error(img));
    expect(getByTestId('avatar').querySelector('img')).toBeNull();
  });

  it('hides the initials once the picture has loaded, without rendering again', () => {
    let commits = 0;
    const { getByTestId } = render(
      <Profiler id="avatars" onRender={() => void (commits += 1)}>
        {avatar(stored)}
      </Profiler>,
    );
    const img = getByTestId('avatar').querySelector('img')!;
    act(() => void fireEvent.load(img));
    expect(img.hasAttribute(AVATAR_LOADED_ATTRIBUTE)).toBe(true);
    expect(getByTestId('avatar').querySelector('span')!.className).toContain(`peer-${AVATAR_LOADED_ATTRIBUTE}:invisible`);
    expect(commits).toBe(1);
  });

  it('mounts a screen of avatars in one commit: nothing renders again as they mount', () => {
    let commits = 0;
    render(
      <Profiler id="avatars" onRender={() => void (commits += 1)}>
        {Array.from({ length: 20 }, (_, i) => (
          <div key={i}>{avatar(`${stored}?v=${i}`)}</div>
        ))}
      </Profiler>,
    );
    expect(commits).toBe(1);
  });
});
