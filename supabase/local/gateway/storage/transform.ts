import sharp from 'sharp';
import { STORAGE_MESSAGES, storageErrors } from './errors';

/** Image transformations as Supabase Storage accepts them (storage-js `TransformOptions`). */
export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  format?: 'origin' | 'avif' | 'webp';
  quality?: number;
}

/** imgproxy's names of the resize modes, as Supabase Storage reports them. */
const RESIZING_TYPES = { cover: 'fill', contain: 'fit', fill: 'force' } as const;

/**
 * The `X-Transformations` header Supabase Storage answers a render with: the applied options in imgproxy's
 * terms (`height:200,width:200,resizing_type:fill,quality:60`), empty when nothing was asked.
 */
export function transformationsHeader(t: TransformOptions): string {
  const segments: string[] = [];
  if (t.height) segments.push(`height:${t.height}`);
  if (t.width) segments.push(`width:${t.width}`);
  if (t.width || t.height) segments.push(`resizing_type:${RESIZING_TYPES[t.resize ?? 'cover']}`);
  if (t.quality) segments.push(`quality:${t.quality}`);
  if (t.format && t.format !== 'origin') segments.push(`format:${t.format}`);
  return segments.join(',');
}

/**
 * Supabase's limits: sizes are clamped to 1..2000 px (0 or absent means "keep"), quality is 20..100,
 * and only these resize modes and output formats exist.
 */
export const TRANSFORM_LIMITS = {
  minSize: 1,
  maxSize: 2000,
  minQuality: 20,
  maxQuality: 100,
  /** largest source file the renderer reads (Supabase's hosted limit) */
  maxSourceBytes: 25 * 1024 * 1024,
  /** largest source resolution, in pixels, decoded at all */
  maxSourcePixels: 50_000_000,
} as const;

export const RESIZE_MODES = ['cover', 'contain', 'fill'] as const;
export const OUTPUT_FORMATS = ['origin', 'avif', 'webp'] as const;
const DEFAULT_QUALITY = 80;

// One image at a time: the local stack shares its machine, and a burst of thumbnails must not starve the API.
sharp.concurrency(1);

function integer(source: Record<string, unknown>, key: string, min: number, max?: number): number | undefined {
  const raw = source[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(n)) throw storageErrors.invalidRequest(`querystring/${key} must be integer`);
  if (n < min) throw storageErrors.invalidRequest(`querystring/${key} must be >= ${min}`);
  if (max !== undefined && n > max) throw storageErrors.invalidRequest(`querystring/${key} must be <= ${max}`);
  return n;
}

function oneOf<T extends string>(source: Record<string, unknown>, key: string, allowed: readonly T[]): T | undefined {
  const raw = source[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !(allowed as readonly string[]).includes(raw)) {
    throw storageErrors.invalidRequest(`querystring/${key} must be equal to one of the allowed values`);
  }
  return raw as T;
}

/** Validates transformation options from a query string or a sign request; a bad value is a 400, never a guess. */
export function parseTransform(source: Record<string, unknown>): TransformOptions {
  return {
    width: integer(source, 'width', 0),
    height: integer(source, 'height', 0),
    resize: oneOf(source, 'resize', RESIZE_MODES),
    format: oneOf(source, 'format', OUTPUT_FORMATS),
    quality: integer(source, 'quality', TRANSFORM_LIMITS.minQuality, TRANSFORM_LIMITS.maxQuality),
  };
}

const clampSize = (n: number) => Math.min(Math.max(n, TRANSFORM_LIMITS.minSize), TRANSFORM_LIMITS.maxSize);

/** The transformation as the `width:96,resize:cover` string a signed URL's token carries. */
export function transformSegments(t: TransformOptions): string[] {
  const segments: string[] = [];
  if (t.height) segments.push(`height:${clampSize(t.height)}`);
  if (t.width) segments.push(`width:${clampSize(t.width)}`);
  if (t.width || t.height) segments.push(`resize:${t.resize ?? 'cover'}`);
  if (t.quality) segments.push(`quality:${t.quality}`);
  if (t.format && t.format !== 'origin') segments.push(`format:${t.format}`);
  return segments;
}

/** Reads the token's transformation string back; unknown segments are ignored, values re-validated. */
export function transformFromSegments(segments: string): TransformOptions {
  const source: Record<string, string> = {};
  for (const segment of segments.split(',')) {
    const [key, value] = segment.split(':');
    if (key && value) source[key] = value;
  }
  return parseTransform(source);
}

export interface RenderedImage {
  body: Buffer;
  contentType: string;
}

const SHARP_FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

/**
 * Renders an image with sharp. Sizes never enlarge the source (as imgproxy behind Supabase does); without an
 * explicit format the output is WebP when the browser accepts it, else the source's own format.
 */
export async function renderImage(source: Buffer, t: TransformOptions, accept: string | undefined): Promise<RenderedImage> {
  if (source.length > TRANSFORM_LIMITS.maxSourceBytes) throw storageErrors.imageProcessing(STORAGE_MESSAGES.imageTooLarge);
  try {
    let image = sharp(source, { limitInputPixels: TRANSFORM_LIMITS.maxSourcePixels, animated: false }).rotate();
    const input = await image.metadata();
    const width = t.width ? clampSize(t.width) : undefined;
    const height = t.height ? clampSize(t.height) : undefined;
    if (width || height) {
      image = image.resize({ width, height, fit: SHARP_FIT[t.resize ?? 'cover'], withoutEnlargement: true });
    }
    const quality = t.quality ?? DEFAULT_QUALITY;
    const wanted = t.format && t.format !== 'origin' ? t.format : t.format === undefined && accept?.includes('image/webp') ? 'webp' : undefined;
    if (wanted === 'webp') image = image.webp({ quality });
    else if (wanted === 'avif') image = image.avif({ quality });
    else if (input.format === 'jpeg') image = image.jpeg({ quality, mozjpeg: true });
    else if (input.format === 'png') image = image.png({ compressionLevel: 9 });
    else if (input.format === 'gif') image = image.gif();
    else image = image.webp({ quality });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { body: data, contentType: `image/${info.format === 'heif' ? 'avif' : info.format}` };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) throw storageErrors.imageProcessing(STORAGE_MESSAGES.imageResolutionTooLarge);
    throw storageErrors.imageProcessing(STORAGE_MESSAGES.imageInvalid);
  }
}
