import sharp from 'sharp';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, GARAGE_PROFILE_MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';

/** The formats a logo may come in, as the decoder names them: never SVG (a document that can carry script). */
const DECODED_FORMATS = new Set(['png', 'jpeg', 'webp']);
/** Refuses a decompression bomb before it is decoded: no honest logo comes near 4096 x 4096. */
const MAX_INPUT_PIXELS = 4096 * 4096;

/**
 * A logo as it is stored and served (docs/product.md#garage-profiles): decoded by libvips (sharp), whatever the upload
 * said it was, and re-encoded as a fresh PNG of at most LOGO_MAX_SIDE pixels a side. Nothing of the upload but its
 * pixels survives: no metadata, no bytes after the image's end. Larger than 1 MB is a 413; anything that does not
 * decode as a PNG, JPEG or WebP image (an SVG above all) a 400.
 */
export async function reencodeLogo(upload: Buffer): Promise<{ data: Buffer; type: 'image/png' }> {
  if (upload.length > LOGO_MAX_BYTES) throw new AppError('payload_too_large', GARAGE_PROFILE_MESSAGES.logoTooLarge);
  const notImage = () => new AppError('validation_failed', GARAGE_PROFILE_MESSAGES.logoNotImage);
  if (upload.length === 0) throw notImage();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  try {
    const { format } = await sharp(upload, options).metadata();
    if (!DECODED_FORMATS.has(format)) throw notImage();
    const data = await sharp(upload, options)
      .rotate()
      .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { data, type: 'image/png' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notImage();
  }
}
