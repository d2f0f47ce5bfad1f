import sharp from 'sharp';
import { AppError } from './app-error.ts';

// Photos taken in the field (a visit's, an inspection's): one way to keep them, for every module.

/** Photos are kept at most this wide or tall: enough to see the work, small enough for phones. */
export const PHOTO_MAX_EDGE = 1600;
export const PHOTO_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A phone photo made upright (EXIF orientation) and no larger than PHOTO_MAX_EDGE, as JPEG. */
export async function resizePhoto(
  bytes: Buffer,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize({
        width: PHOTO_MAX_EDGE,
        height: PHOTO_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      'This image could not be read. Choose a PNG, JPEG or WebP photo.',
    );
  }
}

/** A drawn signature is kept at most this wide or tall. */
export const SIGNATURE_MAX_EDGE = 800;

/**
 * A drawn signature (a PNG from a phone's canvas) read and written again as a PNG no larger than
 * SIGNATURE_MAX_EDGE: bytes that only claim to be a PNG never reach a PDF.
 */
export async function redrawnSignature(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: 'error' })
      .resize({
        width: SIGNATURE_MAX_EDGE,
        height: SIGNATURE_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png()
      .toBuffer();
  } catch {
    throw new AppError('BAD_REQUEST', 'The drawn signature could not be read. Sign again.');
  }
}
