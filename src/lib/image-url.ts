import { env } from './env';

/** The path under which the project's storage serves public files, and where it renders resized copies. */
const PUBLIC_OBJECT_PATH = '/storage/v1/object/public/';
const RENDER_PUBLIC_PATH = '/storage/v1/render/image/public/';

/**
 * Widths offered to the browser for images that fill their container (banners, covers): a phone's CSS width
 * times its pixel ratio, for the common ones. The browser takes the narrowest width at least that wide, so
 * a gap costs the next step up: a 412 px phone at 1.75x needs 721 px and, offered 720 and 1080, took the
 * 1080 px copy at about three times the bytes.
 */
export const RESPONSIVE_WIDTHS = [360, 540, 750, 828, 1080, 1200, 1440] as const;

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export interface ImageSizing {
  /** displayed width in CSS pixels */
  width: number;
  /** displayed height in CSS pixels; with a width the image is cropped to cover the box */
  height?: number;
  /** for images as wide as their container: the `sizes` attribute, served with width descriptors */
  sizes?: string;
}

interface Options {
  supabaseUrl?: string;
  transforms?: boolean;
}

/**
 * The public object path of a URL served by this project's storage (`bucket/name`), or undefined for any
 * other image (an external avatar service, a member's own link), which is left exactly as it is.
 */
export function storageObjectPath(url: string, supabaseUrl: string = env.supabaseUrl): string | undefined {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(supabaseUrl);
  } catch {
    return undefined;
  }
  if (parsed.origin !== base.origin || !parsed.pathname.startsWith(PUBLIC_OBJECT_PATH) || parsed.search) return undefined;
  return parsed.pathname.slice(PUBLIC_OBJECT_PATH.length);
}

/**
 * Quality of the resized copies (the image service's default is 80). 75, the common default of image CDNs and
 * frameworks, looks the same on a phone's screen and weighs about a quarter less: a cover at 750 px went from
 * 59 to 44 KB, and on a first visit the cover or banner is the last thing the screen waits for.
 */
export const IMAGE_QUALITY = 75;

function renderUrl(origin: string, path: string, width: number, height?: number): string {
  const query = new URLSearchParams({ width: String(Math.round(width)) });
  if (height) query.set('height', String(Math.round(height)));
  query.set('resize', 'cover');
  query.set('quality', String(IMAGE_QUALITY));
  return `${origin}${RENDER_PUBLIC_PATH}${path}?${query.toString()}`;
}

/**
 * Sources for an image shown at a known size: a storage-hosted image is asked for at that size (1x and 2x, or
 * a set of widths for full-width images), so a phone downloads a 96 px avatar rather than the uploaded photo.
 * Anything else, or a project without image transformation, keeps its original URL.
 */
export function imageSources(url: string, sizing: ImageSizing, options: Options = {}): ImageSources {
  const supabaseUrl = options.supabaseUrl ?? env.supabaseUrl;
  const transforms = options.transforms ?? env.imageTransforms;
  const path = transforms ? storageObjectPath(url, supabaseUrl) : undefined;
  if (!path) return { src: url };
  const origin = new URL(supabaseUrl).origin;
  const { width, height, sizes } = sizing;
  if (sizes) {
    const ratio = height ? height / width : undefined;
    const srcSet = RESPONSIVE_WIDTHS.map((w) => `${renderUrl(origin, path, w, ratio ? w * ratio : undefined)} ${w}w`).join(', ');
    return { src: renderUrl(origin, path, width, height), srcSet, sizes };
  }
  return {
    src: renderUrl(origin, path, width, height),
    srcSet: `${renderUrl(origin, path, width, height)} 1x, ${renderUrl(origin, path, width * 2, height ? height * 2 : undefined)} 2x`,
  };
}
