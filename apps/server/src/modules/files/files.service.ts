// Uploads (decisions.md 'Data that must be protected'): the kind of a file is read from its
// bytes with file-type — the name and declared type are never trusted — and each kind has
// its size limit. Files are stored under random names by ctx.storage.
import { AUTH_MESSAGES, MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from '@app/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';

export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Documents an engineering project exchanges: PDF, office files and AutoCAD drawings. */
export const DOCUMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  dwg: 'image/vnd.dwg',
};

export const FILE_MESSAGES = {
  unsupported:
    'This kind of file is not supported. Upload an image (PNG, JPEG, WebP, GIF), a PDF, an office document or a DWG drawing.',
  imageOnly: 'Only a profile picture (PNG, JPEG, WebP or GIF image) can be uploaded before signing in.',
  imageTooLarge: 'Images can be at most 5 MB.',
  fileTooLarge: 'Files can be at most 25 MB.',
  noFile: 'Please choose a file to upload (form field "file").',
  empty: 'The file is empty.',
} as const;

export type Sniffed = { ext: string; mime: string; kind: 'image' | 'document' };

export async function sniff(data: Buffer): Promise<Sniffed | null> {
  const type = await fileTypeFromBuffer(data);
  if (!type) return null;
  if (IMAGE_TYPES[type.ext]) return { ext: type.ext, mime: IMAGE_TYPES[type.ext], kind: 'image' };
  if (DOCUMENT_TYPES[type.ext]) return { ext: type.ext, mime: DOCUMENT_TYPES[type.ext], kind: 'document' };
  return null;
}

/** Checks the bytes against what the caller may upload and stores them; answers the public address. */
export async function storeUpload(
  ctx: AppContext,
  data: Buffer,
  opts: { signedIn: boolean },
): Promise<{ secure_url: string }> {
  if (data.length === 0) throw badRequest(FILE_MESSAGES.empty);
  const type = await sniff(data);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', FILE_MESSAGES.unsupported);
  if (!opts.signedIn && type.kind !== 'image')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', FILE_MESSAGES.imageOnly);
  if (type.kind === 'image' && data.length > MAX_IMAGE_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.imageTooLarge);
  if (data.length > MAX_DOCUMENT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.fileTooLarge);
  const secure_url = await ctx.storage.put(data, type.ext, type.mime);
  return { secure_url };
}

/**
 * Where stored files are served from. Mirrors adapters/storage (local: /files on this site;
 * S3: the bucket's address) so an address given back to us can be checked as one of ours.
 */
export function storedFilePrefix(config: Config): string {
  const s3 = config.s3;
  if (!s3) return `${config.publicUrl}/files/`;
  return s3.endpoint
    ? `${s3.endpoint.replace(/\/$/, '')}/${s3.bucket}/`
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com/`;
}

/**
 * A picture address must be a file this site stored (answered by POST /api/files): an
 * outside address would let a profile load images from anywhere.
 */
export function assertStoredFileUrl(config: Config, url: string): string {
  const prefix = storedFilePrefix(config);
  const name = url.startsWith(prefix) ? url.slice(prefix.length) : '';
  if (!/^[\w-]{8,64}\.(png|jpg|webp|gif)$/.test(name))
    throw badRequest('The profile picture must be an image uploaded here.', {
      profile_picture: AUTH_MESSAGES.uploadFailed,
    });
  return url;
}
