// The engineer's own view of an uploaded deliverable's seal, before sending it: the same
// check the submission stores (checkPdf, told the engineer's name), on a file only its
// uploader may ask about.
import { type SealCheckDto, SUBMISSION_MESSAGES, storedFileName } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { sniff } from '../files/index.ts';
import { engineerNameForSeal } from './engineer-name.ts';
import { checkPdf } from './pdf-check.ts';

export async function checkOwnDeliverable(
  ctx: AppContext,
  actor: Actor,
  link: string,
): Promise<SealCheckDto> {
  const refuse = () =>
    badRequest(SUBMISSION_MESSAGES.invalidFile, { attachments: SUBMISSION_MESSAGES.invalidFile });
  const name = storedFileName(link);
  if (!name) throw refuse();
  const [file] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.name, name), eq(files.kind, 'deliverable'), eq(files.uploaderId, actor.id)));
  // Someone else's file answers as if it did not exist.
  if (!file) throw notFound(SUBMISSION_MESSAGES.invalidFile);
  const stream = await ctx.storage.read(name);
  if (!stream) throw refuse();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  const bytes = Buffer.concat(chunks);
  if ((await sniff(bytes))?.ext !== 'pdf') throw refuse();
  const checked = await checkPdf(bytes, undefined, {
    engineerName: await engineerNameForSeal(ctx, actor.id),
  });
  return { file_sha256: checked.sha256, signature: checked.signature };
}
