/**
 * Constants and texts of adding content.
 * Components and tests import them from here.
 */

export const CONTENT_BUCKET = 'user-content-files';
/** Seconds; sent as the object's Cache-Control max-age. */
export const STORAGE_CACHE_CONTROL_SECONDS = 3600;
/** Interface limits; the bucket and its policies enforce the same numbers on the server. */
export const CONTENT_MAX_BYTES = 100 * 1024 * 1024;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const CONTENT_ACCEPT = '.mp3,.wav,.flac,.zip,audio/mpeg,audio/wav,audio/flac,application/zip';
export const COVER_ACCEPT = 'image/jpeg,image/png,image/gif';

export const GENRES = ['Electronic', 'Hip Hop', 'Rock', 'Pop', 'Jazz', 'Classical', 'Folk', 'Blues', 'Reggae', 'Latin', 'World', 'Other'] as const;

export const CONTENT_TYPES = [
  { value: 'track', label: 'Track (Single Song)' },
  { value: 'mix', label: 'DJ Mix / Mixtape' },
  { value: 'sample_pack', label: 'Sample Pack' },
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number]['value'];

export const DEFAULT_CONTENT_TYPE: ContentType = 'track';
export const DEFAULT_IS_PUBLIC = true;

export const CONTENT_TEXTS = {
  play: 'Play',
  pageTitle: 'Add Content',
  pageSubtitle: 'Share a track, a mix or a sample pack with the community.',
  contentFileHint: 'MP3, WAV, FLAC, ZIP (for sample packs). Max 100MB.',
  coverHint: 'JPEG, PNG or GIF. Square images work best. Max 5MB.',
  tagsHint: 'Comma-separated, e.g. techno, warehouse, 130bpm',
  ownership: "I confirm that I own this content or have the rights to share it, and it does not infringe anyone else's copyright.",
  publicLabel: 'Public (visible to everyone)',
  submit: 'Upload Content',
  uploading: 'Uploading...',
  offlineNotice: 'Uploads need a connection. You are offline: your form is kept, and you can upload once you are back online.',
  editDisabledTitle: 'Content Editing Temporarily Disabled',
  editDisabledBody: "We're currently refining our content management system. Editing will be re-enabled soon.",
  backToProfile: 'Back to Profile',
  notFoundTitle: 'Content not found',
  notFoundBody: 'This item does not exist, was removed, or is private.',
  download: 'Download Sample Pack',
  privateBadge: 'Private',
} as const;

/** Inline validation texts. */
export const CONTENT_VALIDATION = {
  loginRequired: 'You must be logged in to add content.',
  titleRequired: 'Title is required.',
  fileRequired: 'A content file is required.',
  agreementRequired: 'You must agree to the terms and conditions regarding content ownership.',
} as const;

/** Toasts: title / description. */
export const CONTENT_TOASTS = {
  authError: { title: 'Authentication Error', description: 'Please log in first.' },
  missingField: { title: 'Missing Field', description: 'Please enter a title.' },
  missingFile: { title: 'Missing File', description: 'Please select a content file to upload.' },
  agreementRequired: { title: 'Agreement Required', description: 'Please confirm you have the rights to upload this content.' },
  uploadFailedTitle: 'Upload Failed',
  /** The fallback text, word for word as the product defines it (the missing word included). */
  uploadFailedFallback: 'Could not your content',
  successTitle: 'Content Uploaded!',
  successDescription: 'Your content is live on your profile.',
} as const;

/** Server answers translated into something a member can act on. */
export const UPLOAD_ERRORS = {
  contentTooLarge: 'The content file is larger than 100MB. Please choose a smaller file.',
  coverRejected: 'The cover image must be a JPEG, PNG or GIF of at most 5MB.',
  contentType: 'This file type is not supported. Use MP3, WAV, FLAC or ZIP.',
  network: 'The upload was interrupted. Please check your connection and try again.',
  offline: 'Uploads need a connection. Please try again when you are online.',
} as const;
