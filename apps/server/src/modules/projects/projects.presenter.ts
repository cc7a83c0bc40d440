// Project rows -> the answers' shapes (docs/DEVELOPING.md, 'Who may do what'). The detail
// carries the caller's abilities, computed by the same policy functions the services use.
import type { ProjectAbilities, ProjectDetailDto, ProjectDto } from '@app/shared';
import type { ProjectRow } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/policy.ts';
import { canReadRecord } from '../record-chain/index.ts';
import { canApplyToProject, canEditProject, canListProjectProposals } from './projects.policy.ts';

/** Every column but the search vector, which no answer shows. */
export type ProjectFields = Omit<ProjectRow, 'search'>;

export function presentProject(row: ProjectFields): ProjectDto {
  return {
    id: row.id,
    customer_id: row.customerId,
    title: row.title,
    description: row.description,
    specializations: row.specializations,
    license_type: row.licenseType,
    budget: row.budget,
    deadline: row.deadline,
    country: row.country,
    state: row.state,
    attachments: row.attachments,
    notes: row.notes,
    urgency_level: row.urgencyLevel,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * What `actor` may do with `project` (hired: the accepted engineer; dealt: the engineer of the
 * project's latest deal, who stays a party after a refund); a visitor (null) may do none of it.
 */
export function projectAbilities(
  actor: Actor | null,
  project: Pick<ProjectFields, 'customerId' | 'status'>,
  hiredEngineerId: string | null,
  dealEngineerId: string | null = hiredEngineerId,
): ProjectAbilities {
  if (!actor)
    return {
      update: false,
      delete: false,
      list_proposals: false,
      apply: false,
      read_record: false,
      read_deal: false,
    };
  const editable = canEditProject(actor, project);
  return {
    update: editable,
    delete: editable,
    list_proposals: canListProjectProposals(actor, project),
    apply: canApplyToProject(actor, project),
    read_record: canReadRecord(actor, { clientId: project.customerId, engineerId: hiredEngineerId }),
    // The deal is read by the same people as a record: its two parties and staff.
    read_deal: canReadRecord(actor, { clientId: project.customerId, engineerId: dealEngineerId }),
  };
}

/** The project page: the project, its client block and what the caller may do. */
export function presentProjectDetail(
  project: ProjectFields,
  client: {
    companyName: string | null;
    clientName: string;
    memberSince: Date;
    rating: { avg_rating: number; rating_count: number };
  },
  hiredEngineerId: string | null,
  actor: Actor | null,
  deliveryDays: number | null = null,
  dealEngineerId: string | null = hiredEngineerId,
): ProjectDetailDto {
  return {
    ...presentProject(project),
    delivery_days: deliveryDays,
    company_name: client.companyName,
    client_name: client.clientName,
    member_since: client.memberSince.toISOString(),
    ...client.rating,
    abilities: projectAbilities(actor, project, hiredEngineerId, dealEngineerId),
  };
}
