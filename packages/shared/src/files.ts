// Uploaded files: what each kind of file may contain and who may see it. The server keeps
// the read rules of private kinds (modules/files/kinds.ts); both sides share the formats.
// The upload's request and response shapes are in files.schemas.ts.
/** Sizes docs/PRODUCT.md allows: images 5 MB; PDFs and other attachments 25 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

/** Formats recognised from a file's bytes, with the content type it is served as. */
export const IMAGE_FORMATS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
/** Documents an engineering project exchanges: PDF, office files and AutoCAD drawings. */
export const DOCUMENT_FORMATS = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  dwg: 'image/vnd.dwg',
} as const;
export type FileFormat = keyof typeof IMAGE_FORMATS | keyof typeof DOCUMENT_FORMATS;
const IMAGES = Object.keys(IMAGE_FORMATS) as FileFormat[];
const DOCUMENTS = Object.keys(DOCUMENT_FORMATS) as FileFormat[];

export const isImageFormat = (f: string): boolean => f in IMAGE_FORMATS;

/**
 * Every kind of upload. `public` files are served to anyone holding the link and cached
 * for a year; `private` ones only through the authorized file route to their uploader,
 * admins and whoever the kind's read rule on the server admits.
 * Adding a kind: an entry here, then its read rule in apps/server/src/modules/files/kinds.ts
 * (docs/DEVELOPING.md 'Uploaded files').
 */
export const FILE_KINDS = {
  /** A profile picture: shown on public profiles and cards. */
  avatar: { visibility: 'public', formats: IMAGES, label: 'profile picture' },
  /**
   * A project's attachment: part of the project posting every engineer browsing it reads
   * before proposing, so it is as public as the posting (docs/DECISIONS.md).
   */
  project_attachment: {
    visibility: 'public',
    formats: [...IMAGES, ...DOCUMENTS],
    label: 'project attachment',
  },
  /** Proof of a licence: the engineer and the admins reviewing it. */
  license_proof: { visibility: 'private', formats: ['pdf', ...IMAGES], label: 'proof document' },
  /** A file sent in a chat message: the room's two members (and admins handling a dispute). */
  chat_attachment: { visibility: 'private', formats: [...IMAGES, ...DOCUMENTS], label: 'chat attachment' },
  /** A stamped deliverable: the project's client, its engineer and admins. */
  deliverable: { visibility: 'private', formats: ['pdf'], label: 'deliverable' },
  /** A file added to a support ticket's conversation (a dispute's evidence): its people and staff. */
  ticket_attachment: {
    visibility: 'private',
    formats: [...IMAGES, ...DOCUMENTS],
    label: 'ticket attachment',
  },
} as const satisfies Record<
  string,
  { visibility: 'public' | 'private'; formats: readonly FileFormat[]; label: string }
>;
export type FileKind = keyof typeof FILE_KINDS;
export const FILE_KIND_NAMES = Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]];

export const FILE_MESSAGES = {
  unsupported:
    'This kind of file is not supported. Upload an image (PNG, JPEG, WebP, GIF), a PDF, an office document or a DWG drawing.',
  wrongFormat: (kind: FileKind) =>
    `This file cannot be used as a ${FILE_KINDS[kind].label}. Allowed: ${FILE_KINDS[kind].formats
      .map((f) => f.toUpperCase())
      .join(', ')}.`,
  imageOnly: 'Only a profile picture (PNG, JPEG, WebP or GIF image) can be uploaded before signing in.',
  imageTooLarge: 'Images can be at most 5 MB.',
  fileTooLarge: 'Files can be at most 25 MB.',
  noFile: 'Please choose a file to upload (form field "file").',
  empty: 'The file is empty.',
  kindRequired: `Say what the file is for: ?kind=${FILE_KIND_NAMES.join(', ?kind=')}.`,
  notFound: 'File not found.',
  signInToOpen: 'Please sign in to open this file.',
} as const;

/** Stored files are named by random ids: 8 to 64 letters, digits, '-' or '_', then the format. */
export const STORED_FILE_NAME = /^[\w-]{8,64}\.[a-z0-9]{2,5}$/;
const FILE_REF = /^(?:https?:\/\/[^/\s]+)?\/files\/([\w-]{8,64}\.[a-z0-9]{2,5})$/;

/**
 * The stored name in a file link answered by POST /api/files: `/files/<name>`. An absolute
 * address ending the same way is read the same (links stored before paths became
 * site-relative); the server then checks the file is the caller's own, of the right kind.
 */
export function storedFileName(ref: string): string | null {
  return FILE_REF.exec(ref.trim())?.[1] ?? null;
}

/** The site-relative link of a stored file: what the database keeps and answers carry. */
export const filePath = (name: string): string => `/files/${name}`;

/** Every content type a format is served as, by format. */
const CONTENT_TYPES: Record<FileFormat, string> = { ...IMAGE_FORMATS, ...DOCUMENT_FORMATS };

/** The content types a kind takes, for a file input's `accept`. */
export function acceptFor(kind: FileKind): string {
  return FILE_KINDS[kind].formats.map((f) => CONTENT_TYPES[f]).join(',');
}

/**
 * What is wrong with a file chosen for `kind`, told before it is sent (by the type the
 * browser reports and the size), in the words the server would answer; null when it may go.
 * The server still checks the bytes themselves.
 */
export function chosenFileProblem(kind: FileKind, file: { type: string; size: number }): string | null {
  const format = FILE_KINDS[kind].formats.find((f) => CONTENT_TYPES[f] === file.type);
  if (!format) return FILE_MESSAGES.wrongFormat(kind);
  if (isImageFormat(format)) return file.size > MAX_IMAGE_BYTES ? FILE_MESSAGES.imageTooLarge : null;
  return file.size > MAX_DOCUMENT_BYTES ? FILE_MESSAGES.fileTooLarge : null;
}
