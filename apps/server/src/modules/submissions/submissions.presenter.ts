// What a submission looks like in an answer, with what the caller may do with it.
import type { SubmissionDto } from '@app/shared';
import type { SubmissionRow } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/policy.ts';
import { type FileNames, NO_FILE_NAMES } from '../files/index.ts';
import { canDecideSubmission, canUpdateSubmission, type Deal } from './submissions.policy.ts';

export type Joined = { submission: SubmissionRow; projectTitle: string; engineerName: string };

export function presentSubmission(
  row: Joined,
  actor: Actor,
  deal: Deal,
  names: FileNames = NO_FILE_NAMES,
): SubmissionDto {
  const s = row.submission;
  return {
    id: s.id,
    project_id: s.projectId,
    project_title: row.projectTitle,
    engineer_id: s.engineerId,
    engineer_name: row.engineerName,
    title: s.title,
    description: s.description,
    attachments: s.attachments,
    attachment_name: names.get(s.attachments) ?? null,
    file_sha256: s.fileSha256,
    file_size: s.fileSize,
    signature: s.signature,
    client_acceptance: s.clientAcceptance,
    decision_comment: s.decisionComment,
    decided_at: s.decidedAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    abilities: {
      update: canUpdateSubmission(actor, deal, s),
      decide: canDecideSubmission(actor, deal, s),
    },
  };
}
