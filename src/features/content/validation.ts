import * as z from 'zod/mini';
import {
  CONTENT_TYPES,
  COVER_MAX_BYTES,
  COVER_MIME_TYPES,
  CONTENT_MAX_BYTES,
  CONTENT_TOASTS,
  CONTENT_VALIDATION,
  UPLOAD_ERRORS,
  type ContentType,
} from './constants';

export type AddContentInput = {
  userId: string | null;
  title: string;
  contentFile: { size: number; type: string; name: string } | null;
  coverFile: { size: number; type: string; name: string } | null;
  agreed: boolean;
};

export type ContentValidationError = { inline: string; toast: { title: string; description: string } };

/** Tags are comma-separated, trimmed, empty entries dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** The first rule a form breaks, in the order the form shows its fields, with its inline text and its toast. */
export function validateAddContent(input: AddContentInput): ContentValidationError | null {
  if (!input.userId) return { inline: CONTENT_VALIDATION.loginRequired, toast: CONTENT_TOASTS.authError };
  if (input.title.trim() === '') return { inline: CONTENT_VALIDATION.titleRequired, toast: CONTENT_TOASTS.missingField };
  if (!input.contentFile) return { inline: CONTENT_VALIDATION.fileRequired, toast: CONTENT_TOASTS.missingFile };
  if (!input.agreed) return { inline: CONTENT_VALIDATION.agreementRequired, toast: CONTENT_TOASTS.agreementRequired };
  // Convenience checks before spending bandwidth; the bucket enforces the same limits.
  if (input.contentFile.size > CONTENT_MAX_BYTES) {
    return { inline: UPLOAD_ERRORS.contentTooLarge, toast: { title: CONTENT_TOASTS.uploadFailedTitle, description: UPLOAD_ERRORS.contentTooLarge } };
  }
  if (input.coverFile && (input.coverFile.size > COVER_MAX_BYTES || !(COVER_MIME_TYPES as readonly string[]).includes(input.coverFile.type))) {
    return { inline: UPLOAD_ERRORS.coverRejected, toast: { title: CONTENT_TOASTS.uploadFailedTitle, description: UPLOAD_ERRORS.coverRejected } };
  }
  return null;
}

/** The add-content form's text fields, kept as a draft across reloads (the files cannot be). */
export type ContentDetails = { title: string; description: string; type: ContentType; genre: string; tags: string; isPublic: boolean };

const contentDetailsSchema = z.object({
  title: z.string(),
  description: z.string(),
  type: z.enum(CONTENT_TYPES.map((t) => t.value) as [ContentType, ...ContentType[]]),
  genre: z.string(),
  tags: z.string(),
  isPublic: z.boolean(),
});

/** A kept draft of the form, when it has the form's shape (a draft from another build may not). */
export function parseContentDetails(stored: unknown): ContentDetails | null {
  const result = contentDetailsSchema.safeParse(stored);
  return result.success ? result.data : null;
}
