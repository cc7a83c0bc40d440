import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES, uploadResponseSchema } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { optionalUser } from '../auth/guards.ts';
import { AUTH_LIMITS, byAddress, limiter } from '../auth/rate-limits.ts';
import { FILE_MESSAGES, storeUpload } from './files.service.ts';

const fileRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: 'Upload a file (multipart/form-data, field `file`)',
        description:
          'The type is read from the content, never from the name or declared type. Signed in: images (PNG, JPEG, WebP, GIF) up to 5 MB; PDFs, office documents (docx, xlsx, pptx, odt, ods, odp, rtf) and DWG drawings up to 25 MB. Without a token only one image up to 5 MB (the sign-up profile picture), at most 10 per hour per address. 413 when too large, 415 for other content.',
        consumes: ['multipart/form-data'],
        response: { 200: uploadResponseSchema },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', FILE_MESSAGES.noFile);
      const limit = req.user ? MAX_DOCUMENT_BYTES : MAX_IMAGE_BYTES;
      let data: Buffer | undefined;
      try {
        // Fields before the file are skipped; the first part named `file` is the upload.
        for await (const part of req.parts({ limits: { fileSize: limit, files: 1 } })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') {
              part.file.resume();
              continue;
            }
            data = await part.toBuffer();
            break;
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            req.user ? FILE_MESSAGES.fileTooLarge : FILE_MESSAGES.imageTooLarge,
          );
        if (code?.startsWith('FST_') || err instanceof Error) {
          req.log.info({ err }, 'unreadable upload');
          throw badRequest(FILE_MESSAGES.noFile);
        }
        throw err;
      }
      if (!data) throw badRequest(FILE_MESSAGES.noFile);
      return storeUpload(app.ctx, data, { signedIn: !!req.user });
    },
  );
};
export default fileRoutes;
