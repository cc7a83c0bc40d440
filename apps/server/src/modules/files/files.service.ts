// Uploads (docs/PRODUCT.md#protected-data). Every file has a row in `files`:
// its kind (what it is for, which decides who may read it), its uploader and, once a
// record's field holds it, that record (subject). The type is read from the bytes with
// file-type — the name and declared type are never trusted.
//
// The API other features use (docs/DEVELOPING.md 'Uploaded files'):
//   setFileField   put the caller's own upload of the right kind into a record's field
//   discardFile / discardFilesOf   delete files with the record or value that held them
//   openFile       what the file route serves, after the kind's read rule

import type { Readable } from 'node:stream';
import {
  cleanFileName,
  DOCUMENT_FORMATS,
  FILE_KINDS,
  FILE_MESSAGES,
  type FileKind,
  filePath,
  IMAGE_FORMATS,
  isImageFormat,
  MAX_DOCUMENT_BYTES,
  MAX_IMAGE_BYTES,
  storedFileName,
  type UploadResponse,
} from '@app/shared';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type FileRow, files } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound, unauthenticated } from '../../lib/errors.ts';
import { actsAs, isStaff } from '../../lib/policy.ts';
import { type FileReader, readRuleOf } from './kinds.ts';

export type Sniffed = { ext: string; mime: string; image: boolean };

export async function sniff(data: Buffer): Promise<Sniffed | null> {
  const type = await fileTypeFromBuffer(data);
  if (!type) return null;
  const images: Record<string, string> = IMAGE_FORMATS;
  const documents: Record<string, string> = DOCUMENT_FORMATS;
  if (images[type.ext]) return { ext: type.ext, mime: images[type.ext], image: true };
  if (documents[type.ext]) return { ext: type.ext, mime: documents[type.ext], image: false };
  return null;
}

/**
 * Checks the bytes against what the kind allows and what the caller may upload, stores
 * them and records the file as the caller's. Without an account only a profile picture
 * (the sign-up form's), recorded without an uploader until sign-up claims it.
 */
export async function storeUpload(
  ctx: AppContext,
  data: Buffer,
  opts: { uploader: FileReader | null; kind: FileKind /** As the browser sent it. */; fileName?: string },
): Promise<UploadResponse> {
  if (!opts.uploader && opts.kind !== 'avatar')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', FILE_MESSAGES.imageOnly);
  if (data.length === 0) throw badRequest(FILE_MESSAGES.empty);
  const type = await sniff(data);
  if (!type)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      opts.uploader ? FILE_MESSAGES.unsupported : FILE_MESSAGES.imageOnly,
    );
  if (!opts.uploader && !type.image) throw new AppError('UNSUPPORTED_MEDIA_TYPE', FILE_MESSAGES.imageOnly);
  const formats: readonly string[] = FILE_KINDS[opts.kind].formats;
  if (!formats.includes(type.ext))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', FILE_MESSAGES.wrongFormat(opts.kind));
  if (type.image && data.length > MAX_IMAGE_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.imageTooLarge);
  if (data.length > MAX_DOCUMENT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.fileTooLarge);
  const name = await ctx.storage.put(data, type.ext, type.mime);
  const originalName = cleanFileName(opts.fileName, type.ext);
  await ctx.db.insert(files).values({
    name,
    kind: opts.kind,
    uploaderId: opts.uploader?.id ?? null,
    contentType: type.mime,
    originalName,
    size: data.length,
  });
  return {
    secure_url: filePath(name),
    kind: opts.kind,
    content_type: type.mime,
    size: data.length,
    file_name: originalName,
  };
}

/**
 * Puts an uploaded file into a record's field and answers the value to store there
 * (`/files/<name>`, or null). The file must be the caller's own upload, of `kind`, and
 * not held by another record; otherwise 400 with `message` on `field`. The file the field
 * held before is deleted. `next` undefined leaves the field as it is.
 *
 * Call it inside the transaction that writes the field, with the record's id as
 * `subjectId` (generate the id first when creating the record).
 */
export async function setFileField(
  ctx: AppContext,
  tx: DbOrTx,
  opts: {
    /** The caller. A new account's id at sign-up, with `acceptAnonymous`. */
    ownerId: string;
    kind: FileKind;
    subjectId: string;
    current: string | null;
    next: string | null | undefined;
    field: string;
    message: string;
    /** Also accept a picture uploaded without an account (the sign-up form). */
    acceptAnonymous?: boolean;
  },
): Promise<string | null> {
  if (opts.next === undefined) return opts.current;
  let path: string | null = null;
  if (opts.next) {
    const name = storedFileName(opts.next);
    if (!name) throw badRequest(opts.message, { [opts.field]: opts.message });
    path = filePath(name);
  }
  if (path === opts.current) return opts.current;
  if (path) {
    const name = path.slice('/files/'.length);
    const owner = opts.acceptAnonymous
      ? or(eq(files.uploaderId, opts.ownerId), isNull(files.uploaderId))
      : eq(files.uploaderId, opts.ownerId);
    const [held] = await tx
      .update(files)
      .set({ subjectId: opts.subjectId, uploaderId: opts.ownerId })
      .where(
        and(
          eq(files.name, name),
          eq(files.kind, opts.kind),
          owner,
          or(isNull(files.subjectId), eq(files.subjectId, opts.subjectId)),
        ),
      )
      .returning({ name: files.name });
    if (!held) throw badRequest(opts.message, { [opts.field]: opts.message });
  }
  if (opts.current) await discardFile(ctx, tx, opts.current);
  return path;
}

/** Deletes a stored file by its link: the row now, the bytes once tx commits. */
export async function discardFile(ctx: AppContext, tx: DbOrTx, link: string | null): Promise<void> {
  const name = link ? storedFileName(link) : null;
  if (!name) return;
  const gone = await tx.delete(files).where(eq(files.name, name)).returning({ name: files.name });
  removeBytesAfterCommit(ctx, tx, gone);
}

/** Deletes every file held by a record (call it where the record is deleted). */
export async function discardFilesOf(ctx: AppContext, tx: DbOrTx, subjectId: string): Promise<void> {
  const gone = await tx.delete(files).where(eq(files.subjectId, subjectId)).returning({ name: files.name });
  removeBytesAfterCommit(ctx, tx, gone);
}

/** Deletes every file a user uploaded (account deletion). */
export async function discardFilesOfUser(ctx: AppContext, tx: DbOrTx, userId: string): Promise<void> {
  const gone = await tx.delete(files).where(eq(files.uploaderId, userId)).returning({ name: files.name });
  removeBytesAfterCommit(ctx, tx, gone);
}

function removeBytesAfterCommit(ctx: AppContext, tx: DbOrTx, gone: Array<{ name: string }>): void {
  if (gone.length === 0) return;
  ctx.afterCommit(tx, async () => {
    for (const { name } of gone) await ctx.storage.remove(name);
  });
}

/** Uploads never put into a field within a day are deleted. Answers how many. */
export async function sweepUnattachedFiles(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const gone = await ctx.db
    .delete(files)
    .where(and(isNull(files.subjectId), lt(files.createdAt, before)))
    .returning({ name: files.name });
  for (const { name } of gone) await ctx.storage.remove(name);
  return gone.length;
}

/** Whether `reader` may open the file: public kinds anyone; private ones per their rule. */
export async function mayRead(ctx: AppContext, reader: FileReader | null, file: FileRow): Promise<boolean> {
  const rule = readRuleOf(file.kind);
  if (!rule || FILE_KINDS[file.kind].visibility === 'public') return true;
  if (!reader) return false;
  if ((file.uploaderId && actsAs(reader, file.uploaderId)) || isStaff(reader)) return true;
  return rule(ctx, reader, file);
}

/**
 * The file behind `/files/<name>` for `reader`. A private file without a session is 401;
 * one the reader may not open is answered exactly like a missing one (404).
 */
export async function openFile(
  ctx: AppContext,
  reader: FileReader | null,
  name: string,
): Promise<{ file: FileRow; body: Readable; public: boolean; image: boolean }> {
  const [file] = await ctx.db.select().from(files).where(eq(files.name, name));
  if (!file) throw notFound(FILE_MESSAGES.notFound);
  const isPublic = FILE_KINDS[file.kind].visibility === 'public';
  if (!isPublic && !reader) throw unauthenticated(FILE_MESSAGES.signInToOpen);
  if (!(await mayRead(ctx, reader, file))) throw notFound(FILE_MESSAGES.notFound);
  const body = await ctx.storage.read(file.name);
  if (!body) throw notFound(FILE_MESSAGES.notFound);
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1);
  return { file, body, public: isPublic, image: isImageFormat(ext) };
}

/** The names uploaders gave their files, by link (`/files/<name>`); links without one are absent. */
export type FileNames = ReadonlyMap<string, string>;
export const NO_FILE_NAMES: FileNames = new Map();

/**
 * The uploaders' names of the files these links point to, in one query, for answers that
 * list files: lists and chat show 'Foundation plan.pdf', not the storage key.
 */
export async function fileNamesOf(
  db: DbOrTx,
  links: ReadonlyArray<string | null | undefined>,
): Promise<FileNames> {
  const keys = [...new Set(links.map((l) => (l ? storedFileName(l) : null)).filter((k): k is string => !!k))];
  if (keys.length === 0) return NO_FILE_NAMES;
  const rows = await db
    .select({ name: files.name, originalName: files.originalName })
    .from(files)
    .where(inArray(files.name, keys));
  const names = new Map<string, string>();
  for (const r of rows) if (r.originalName) names.set(filePath(r.name), r.originalName);
  return names;
}
