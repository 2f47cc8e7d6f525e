import type { DocumentContentType } from '@croupier/shared/api/documents';

/** HEIF brands of HEIC photos (phones); AVIF and other ISO media files are not accepted. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * The type of a document from its first bytes (docs/verification.md#uploads), or null when it is
 * none of the accepted ones. The client's Content-Type and the file's name are never asked: a
 * script named `passport.jpg` is still a script.
 */
export function sniffDocumentType(bytes: Buffer): DocumentContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  // An ISO media file: a box size, then `ftyp` and the major brand.
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 4, 8) === 'ftyp' &&
    HEIC_BRANDS.has(bytes.toString('latin1', 8, 12))
  )
    return 'image/heic';
  // %PDF- at the very start: readers accept a header further in, but a file that hides it is refused.
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** The extension a served file gets, from its sniffed type. */
export const EXTENSIONS: Record<DocumentContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};
