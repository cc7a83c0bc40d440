// Who may open a deliverable besides its engineer (the uploader) and admins: the client
// of the project the submission belongs to (file.subjectId is the submission).
import { eq } from 'drizzle-orm';
import { projects, submissions } from '../../db/schema/index.ts';
import type { FileReadRule } from '../files/read-rule.ts';

export const deliverableReaders: FileReadRule = async (ctx, reader, file) => {
  if (!file.subjectId) return false;
  const [row] = await ctx.db
    .select({ clientId: projects.customerId, engineerId: submissions.engineerId })
    .from(submissions)
    .innerJoin(projects, eq(projects.id, submissions.projectId))
    .where(eq(submissions.id, file.subjectId));
  return !!row && (reader.id === row.clientId || reader.id === row.engineerId);
};
