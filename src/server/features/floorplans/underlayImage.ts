/**
 * Turns an uploaded file into the image we store: recognised by its first bytes (never its name or
 * declared type), decoded with sharp (libvips) under a pixel limit, and re-encoded to PNG (or WebP when
 * the PNG would be too big) without metadata. Whatever was uploaded, what is stored and served is a
 * plain raster image: an SVG is rendered by librsvg, which runs no scripts and, reading from memory,
 * loads no external files, so no script or link of the upload survives.
 *
 * sharp is imported at the first upload, not at start-up: libvips maps ~6.5 MiB of code into the app
 * and sets up its own memory, which every instance held at rest for a screen admins rarely use
 * (issue 19 point 4, memory at rest).
 */
import type { Metadata, SharpOptions } from 'sharp';
import { UNDERLAY_UPLOAD } from '../../../domain/layout/underlay.js';
import { AppError, badInput } from '../../http/errors.js';

export type SniffedType = 'png' | 'jpeg' | 'svg' | 'pdf';

export const IMAGE_MESSAGES = {
  empty: 'The file is empty',
  tooBig: `The file is larger than ${UNDERLAY_UPLOAD.maxUploadBytes / 1024 / 1024} MB`,
  unknown: 'This file is not a PNG, JPEG or SVG image',
  pdf: 'PDF files cannot be used here; export the page as a PNG or SVG image and upload that',
  unreadable: 'The image could not be read; it may be damaged',
  tooManyPixels: `The image has more than ${UNDERLAY_UPLOAD.maxInputPixels / 1_000_000} million pixels; make it smaller and try again`,
  tooDetailed: `The image is still larger than ${UNDERLAY_UPLOAD.maxStoredBytes / 1024 / 1024} MB after compression; make it smaller and try again`,
} as const;

const startsWith = (bytes: Buffer, signature: number[]): boolean => signature.every((b, i) => bytes[i] === b);

/** The type by the file's first bytes; null when it is none we take. */
export function sniffImageType(bytes: Buffer): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  // SVG is text: after a byte-order mark, white space, an XML declaration, comments and a doctype,
  // the first element must be <svg. Only the head is looked at, so a huge file costs nothing here.
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  const rest = head.replace(/^(\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)*/i, '');
  if (/^<svg[\s>]/i.test(rest)) return 'svg';
  return null;
}

export interface NormalisedImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/webp';
  width: number;
  height: number;
}

/** SVGs are drawn at this many pixels on their longest side (their own size is often a few hundred). */
const SVG_TARGET_SIDE = 4000;

export async function normaliseImage(upload: Buffer): Promise<NormalisedImage> {
  if (upload.length === 0) throw badInput(IMAGE_MESSAGES.empty);
  const type = sniffImageType(upload);
  if (type === 'pdf') throw badInput(IMAGE_MESSAGES.pdf);
  if (type === null) throw badInput(IMAGE_MESSAGES.unknown);

  const { default: sharp } = await import('sharp');
  const options: SharpOptions = { limitInputPixels: UNDERLAY_UPLOAD.maxInputPixels, failOn: 'error' };
  let meta: Metadata;
  try {
    // Reads the header only: the declared size of a decompression bomb is known before any decoding.
    meta = await sharp(upload, { ...options, limitInputPixels: false }).metadata(); // our own check follows
  } catch {
    throw badInput(IMAGE_MESSAGES.unreadable);
  }
  // Our sniffing and libvips must agree: a PNG signature in front of something else is refused.
  const expected = { png: 'png', jpeg: 'jpeg', svg: 'svg' }[type];
  if (meta.format !== expected || !meta.width || !meta.height) throw badInput(IMAGE_MESSAGES.unreadable);
  if (meta.width * meta.height > UNDERLAY_UPLOAD.maxInputPixels) throw badInput(IMAGE_MESSAGES.tooManyPixels);

  if (type === 'svg') {
    // Render vector plans sharp: scale the density so the longest side is about SVG_TARGET_SIDE.
    const longest = Math.max(meta.width, meta.height);
    const density = Math.min(2400, Math.max(36, (72 * SVG_TARGET_SIDE) / longest));
    options.density = density;
  }

  try {
    const pipeline = () => sharp(upload, options)
      .rotate() // a JPEG's EXIF orientation applied, then dropped with the rest of the metadata
      .resize({ width: UNDERLAY_UPLOAD.maxSide, height: UNDERLAY_UPLOAD.maxSide, fit: 'inside', withoutEnlargement: true });
    const png = await pipeline().png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
    if (png.data.length <= UNDERLAY_UPLOAD.maxStoredBytes) {
      return { bytes: png.data, contentType: 'image/png', width: png.info.width, height: png.info.height };
    }
    const webp = await pipeline().webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    if (webp.data.length <= UNDERLAY_UPLOAD.maxStoredBytes) {
      return { bytes: webp.data, contentType: 'image/webp', width: webp.info.width, height: webp.info.height };
    }
  } catch {
    throw badInput(IMAGE_MESSAGES.unreadable);
  }
  throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooDetailed);
}
