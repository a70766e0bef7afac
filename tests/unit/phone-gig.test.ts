import { describe, expect, it } from 'vitest';
import { sharedFileGoesToUpload } from '@/app/pwa/share-target';
import { threadIdOfTag } from '@/lib/notification-actions';
import { sharedBody } from '@/lib/use-shared-item';
import type { SharedItem } from '@/lib/worker-store';
import { replyUrl } from '../../sw/notification-actions';

const item = (patch: Partial<SharedItem>): SharedItem => ({ id: 'x', title: '', text: '', url: '', file: null, fileName: null, at: 0, ...patch });

describe('what was shared becomes the new discussion', () => {
  it('text, then the link; the link once when the text already has it; either alone', () => {
    expect(sharedBody(item({ text: 'Last night', url: 'https://soundcloud.com/a/b' }))).toBe('Last night\n\nhttps://soundcloud.com/a/b');
    expect(sharedBody(item({ text: 'Hear https://soundcloud.com/a/b', url: 'https://soundcloud.com/a/b' }))).toBe('Hear https://soundcloud.com/a/b');
    expect(sharedBody(item({ url: ' https://youtu.be/x ' }))).toBe('https://youtu.be/x');
    expect(sharedBody(item({ text: ' Flyer text ' }))).toBe('Flyer text');
  });

  it('audio and pictures go to the upload, anything else to a discussion', () => {
    expect(sharedFileGoesToUpload('audio/mpeg')).toBe(true);
    expect(sharedFileGoesToUpload('image/png')).toBe(true);
    expect(sharedFileGoesToUpload('application/pdf')).toBe(false);
    expect(sharedFileGoesToUpload(undefined)).toBe(false);
  });
});

describe('notification actions', () => {
  it('only a thread push names a thread', () => {
    expect(threadIdOfTag('thread:3f2b6c1e-2a4d-4f8e-9b1a-0c9d8e7f6a5b')).toBe('3f2b6c1e-2a4d-4f8e-9b1a-0c9d8e7f6a5b');
    expect(threadIdOfTag('likes:3f2b6c1e-2a4d-4f8e-9b1a-0c9d8e7f6a5b')).toBeNull();
    expect(threadIdOfTag('thread:not-an-id')).toBeNull();
    expect(threadIdOfTag(undefined)).toBeNull();
  });

  it("Reply keeps the thread's post and carries the inline text ('' when the browser had no field)", () => {
    expect(replyUrl('/discussions/thread/t?post=p', 'On my way & soon')).toBe('/discussions/thread/t?post=p&reply=On+my+way+%26+soon');
    expect(replyUrl('/discussions/thread/t', undefined)).toBe('/discussions/thread/t?reply=');
  });
});
