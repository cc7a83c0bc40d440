// Uploads (POST /api/files?kind=...) and the one route that serves stored files
// (GET /files/<name>): public kinds to anyone with a year of caching, private kinds only
// to the readers their rule admits, never cached, and every file that is not an image as
// a download in a sandbox.
import {
  contentDisposition,
  FILE_KINDS,
  FILE_MESSAGES,
  isImageFormat,
  MAX_DOCUMENT_BYTES,
  MAX_IMAGE_BYTES,
  STORED_FILE_NAME,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { AUTH_LIMITS, byAddress, limiter, optionalUser } from '../access/index.ts';
import { openFile, storeUpload } from './files.service.ts';

const kindList = Object.entries(FILE_KINDS)
  .map(([kind, k]) => `\`${kind}\` (${k.visibility}: ${k.formats.join(', ')})`)
  .join('; ');

/** Uploads are 25 MB at most (documents); images have a lower limit, checked per upload. */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are read by this route only. Registered here, in this plugin's context,
  // its per-request hooks (temporary-file clean-up) run on uploads, not on every answer.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  const anonymousLimit = limiter(app, 'upload-anon', AUTH_LIMITS.anonymousUpload.perAddress, byAddress);
  const userLimit = limiter(app, 'upload-user', AUTH_LIMITS.upload.perAccount, (req) => req.user?.id);

  app.post(
    '/files',
    {
      preHandler: async (req: FastifyRequest) => {
        await optionalUser(req);
        if (req.user) await userLimit(req);
        else await anonymousLimit(req);
      },
      schema: {
        tags: ['files'],
        security: [{ bearer: [] }, {}],
        summary: 'Upload a file (multipart/form-data, field `file`) for one use, named by `kind`',
        description: `Kinds: ${kindList}. The type is read from the content, never from the name or declared type. Images up to 5 MB; documents up to 25 MB. Without a token only an \`avatar\` (the sign-up picture), at most 10 per hour per address. Answers the site-relative link \`/files/<name>\` to put into the field the file is for; a field accepts only the caller's own file of its kind. 413 when too large, 415 for other content.`,
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: { 200: uploadResponseSchema },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', FILE_MESSAGES.noFile);
      const { kind } = req.query;
      const imagesOnly = !req.user || FILE_KINDS[kind].formats.every((f) => isImageFormat(f));
      const limit = imagesOnly ? MAX_IMAGE_BYTES : MAX_DOCUMENT_BYTES;
      let data: Buffer | undefined;
      let fileName: string | undefined;
      try {
        // Fields before the file are skipped; the first part named `file` is the upload.
        for await (const part of req.parts({ limits: { fileSize: limit, files: 1 } })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') {
              part.file.resume();
              continue;
            }
            data = await part.toBuffer();
            fileName = part.filename;
            break;
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            imagesOnly ? FILE_MESSAGES.imageTooLarge : FILE_MESSAGES.fileTooLarge,
          );
        if (code?.startsWith('FST_') || err instanceof Error) {
          req.log.info({ err }, 'unreadable upload');
          throw badRequest(FILE_MESSAGES.noFile);
        }
        throw err;
      }
      if (!data) throw badRequest(FILE_MESSAGES.noFile);
      return storeUpload(app.ctx, data, { uploader: req.user ?? null, kind, fileName });
    },
  );
};
export default fileRoutes;

/** GET /files/<name>, mounted at the site root (stored links are `/files/<name>`). */
export const fileServingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:name',
    {
      preHandler: optionalUser,
      schema: {
        tags: ['files'],
        security: [{ bearer: [] }, {}],
        summary: 'A stored file (the link answered by POST /api/files)',
        description:
          'Public kinds (avatars, project attachments) for anyone, cached for a year. Private kinds (licence proofs...) only with the bearer token of their uploader, an admin or a reader the kind admits: 401 without a token, 404 for anyone else, never cached. Files that are not images come as downloads (`Content-Disposition: attachment`) under a sandboxing CSP. Both carry the name the uploader gave the file (`filename` in ASCII, `filename*` exact).',
        params: z.object({ name: z.string().regex(STORED_FILE_NAME, FILE_MESSAGES.notFound) }),
        produces: ['application/octet-stream'],
      },
    },
    async (req, reply) => {
      const opened = await openFile(app.ctx, req.user ?? null, req.params.name);
      reply
        .type(opened.file.contentType)
        .header('cache-control', opened.public ? 'public, max-age=31536000, immutable' : 'private, no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        )
        .header(
          'content-disposition',
          contentDisposition(
            opened.image ? 'inline' : 'attachment',
            opened.file.originalName ?? opened.file.name,
          ),
        );
      if (!opened.public) reply.header('vary', 'authorization');
      if (opened.file.size > 0) reply.header('content-length', opened.file.size);
      return reply.send(opened.body);
    },
  );
};
