// Proposal rows -> the answers' shapes (docs/DEVELOPING.md, 'Who may do what').
import type { ProposalDto } from '@app/shared';
import type { ProposalRow } from '../../db/schema/index.ts';

export function presentProposal(row: ProposalRow): ProposalDto {
  return {
    id: row.id,
    project_id: row.projectId,
    engineer_id: row.engineerId,
    description: row.description,
    license_type: row.licenseType,
    proposed_amount: row.proposedAmount,
    delivery_days: row.deliveryDays,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
