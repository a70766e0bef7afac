import { describe, expect, it } from 'vitest';
import { CONTENT_TOASTS, CONTENT_VALIDATION, COVER_MAX_BYTES, UPLOAD_ERRORS } from '@/features/content/constants';
import { combinedProgress, contentFilePath, coverFilePath, publicFileUrl } from '@/features/content/model/storage-paths';
import { describeUploadFailure } from '@/features/content/model/upload-file';
import { parseTags, validateAddContent } from '@/features/content/validation';

const file = { size: 10, type: 'audio/mpeg', name: 'a.mp3' };
const valid = { userId: 'u1', title: 'T', contentFile: file, coverFile: null, agreed: true };

describe('add content rules', () => {
  it('checks login, title, file and agreement in that order with their texts', () => {
    expect(validateAddContent({ ...valid, userId: null })).toEqual({ inline: CONTENT_VALIDATION.loginRequired, toast: CONTENT_TOASTS.authError });
    expect(validateAddContent({ ...valid, title: '   ' })?.inline).toBe('Title is required.');
    expect(validateAddContent({ ...valid, contentFile: null })?.inline).toBe('A content file is required.');
    expect(validateAddContent({ ...valid, agreed: false })?.inline).toBe('You must agree to the terms and conditions regarding content ownership.');
    expect(validateAddContent({ ...valid, coverFile: { size: COVER_MAX_BYTES + 1, type: 'image/png', name: 'c.png' } })?.inline).toBe(
      UPLOAD_ERRORS.coverRejected,
    );
    expect(validateAddContent(valid)).toBeNull();
  });

  it('splits tags on commas, trims them and drops empty entries', () => {
    expect(parseTags(' techno, ,house ,, dub techno ')).toEqual(['techno', 'house', 'dub techno']);
    expect(parseTags('')).toEqual([]);
  });

  it('builds the storage paths and public URL of an upload', () => {
    expect(contentFilePath('u1', 'mix', 'My Mix #1.mp3', 1700000000000)).toBe('u1/mix/1700000000000_My_Mix_1.mp3');
    expect(coverFilePath('u1', 'cover.png', 5)).toBe('u1/covers/5_cover.png');
    expect(publicFileUrl('http://api/', 'u1/covers/5_cover.png')).toBe('http://api/storage/v1/object/public/user-content-files/u1/covers/5_cover.png');
  });

  it('splits progress 50/50 between the content file and the cover', () => {
    expect(combinedProgress('content', 0)).toBe(0);
    expect(combinedProgress('content', 0.5)).toBe(25);
    expect(combinedProgress('content', 1)).toBe(50);
    expect(combinedProgress('cover', 0.5)).toBe(75);
    expect(combinedProgress('cover', 1)).toBe(100);
  });

  it('turns storage refusals into clear messages', () => {
    expect(describeUploadFailure(413, 'The object exceeded the maximum allowed size', 'content')).toBe(UPLOAD_ERRORS.contentTooLarge);
    expect(describeUploadFailure(415, 'mime type text/plain is not supported', 'content')).toBe(UPLOAD_ERRORS.contentType);
    expect(describeUploadFailure(403, 'new row violates row-level security policy', 'cover')).toBe(UPLOAD_ERRORS.coverRejected);
    expect(describeUploadFailure(500, 'boom', 'content')).toBe('boom');
  });
});
