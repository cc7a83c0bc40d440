// Who may open a deliverable besides its engineer (the uploader) and admins: the client of the
// project the submission belongs to (file.subjectId is the submission), unless the deal it was
// sent in was refunded in full: a client must not keep the stamped drawings and the money
// (docs/PRODUCT.md#money). A split leaves them the drawings they partly paid for.
import { and, desc, eq } from 'drizzle-orm';
import { deals, projects, submissions } from '../../db/schema/index.ts';
import type { FileReadRule } from '../files/index.ts';

export const deliverableReaders: FileReadRule = async (ctx, reader, file) => {
  if (!file.subjectId) return false;
  const [row] = await ctx.db
    .select({
      projectId: submissions.projectId,
      clientId: projects.customerId,
      engineerId: submissions.engineerId,
    })
    .from(submissions)
    .innerJoin(projects, eq(projects.id, submissions.projectId))
    .where(eq(submissions.id, file.subjectId));
  if (!row) return false;
  if (reader.id === row.engineerId) return true;
  if (reader.id !== row.clientId) return false;
  const [deal] = await ctx.db
    .select({ state: deals.state })
    .from(deals)
    .where(and(eq(deals.projectId, row.projectId), eq(deals.engineerId, row.engineerId)))
    .orderBy(desc(deals.createdAt))
    .limit(1);
  return deal?.state !== 'refunded';
};
