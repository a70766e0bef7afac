import { COVER_MAX_BYTES, COVER_MIME_TYPES, CONTENT_MAX_BYTES, CONTENT_TOASTS, CONTENT_VALIDATION, UPLOAD_ERRORS } from './constants';

export type AddContentInput = {
  userId: string | null;
  title: string;
  contentFile: { size: number; type: string; name: string } | null;
  coverFile: { size: number; type: string; name: string } | null;
  agreed: boolean;
};

export type ContentValidationError = { inline: string; toast: { title: string; description: string } };

/** Tags are comma-separated, trimmed, empty entries dropped (spec B section 5). */
export function parseTags(text: string): string[] {
  return text.split(',').map((t) => t.trim()).filter((t) => t !== '');
}

/** The first rule a form breaks, in the spec's order, with its inline text and its toast. */
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
