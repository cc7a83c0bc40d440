// Projects posted by clients, the proposals engineers answer with, and the invitations a
// client sends to an engineer. Amounts are integer cents. One proposal per engineer and
// project and one invitation per engineer and project are enforced by unique indexes.
import { LICENSE_TYPES, PROJECT_STATUSES, PROPOSAL_STATUSES, URGENCY_LEVELS } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    specializations: text('specializations').array().notNull().default([]),
    licenseType: text('license_type', { enum: LICENSE_TYPES }),
    /** Integer cents; null when the client gave none. */
    budget: integer('budget'),
    deadline: date('deadline', { mode: 'string' }),
    country: text('country'),
    state: text('state'),
    /** Address of a file uploaded through POST /api/files. */
    attachments: text('attachments'),
    notes: text('notes'),
    urgencyLevel: text('urgency_level', { enum: URGENCY_LEVELS }),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('open'),
    /** Full-text search of the explore page: the title weighs more than the description. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Explore: the default list (open, newest first) and the budget sorts, each with id as
    // the tie-break that keeps paging stable.
    index('projects_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('projects_status_budget_asc_idx').on(t.status, t.budget.asc().nullsLast(), t.id),
    index('projects_status_budget_desc_idx').on(t.status, t.budget.desc().nullsLast(), t.id.desc()),
    index('projects_search_idx').using('gin', t.search),
    index('projects_specializations_idx').using('gin', t.specializations),
    index('projects_country_state_idx').on(t.country, t.state),
    index('projects_license_type_idx').on(t.licenseType),
    index('projects_urgency_idx').on(t.urgencyLevel),
    // A client's dashboard list.
    index('projects_customer_created_idx').on(t.customerId, t.createdAt.desc()),
  ],
);

export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    engineerId: uuid('engineer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    licenseType: text('license_type', { enum: LICENSE_TYPES }).notNull(),
    /** Integer cents. */
    proposedAmount: integer('proposed_amount').notNull(),
    /** Days from payment to delivery; null on proposals sent before it was asked. */
    deliveryDays: integer('delivery_days'),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('pending'),
    /**
     * The payment whose success accepted another proposal and so rejected this one. If that
     * payment is refunded, this proposal is pending again (the project reopens).
     */
    rejectedByPaymentId: uuid('rejected_by_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live proposal per engineer and project: two racing submissions cannot both land. A
    // rejected one is history: its engineer may propose again when the client invites them.
    uniqueIndex('proposals_project_engineer_live_idx')
      .on(t.projectId, t.engineerId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index('proposals_engineer_created_idx').on(t.engineerId, t.createdAt.desc()),
    index('proposals_project_status_idx').on(t.projectId, t.status),
  ],
);

export const projectInvitations = pgTable(
  'project_invitations',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    engineerId: uuid('engineer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.engineerId], name: 'project_invitations_pk' }),
    index('project_invitations_engineer_idx').on(t.engineerId),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type ProposalRow = typeof proposals.$inferSelect;
export type ProjectInvitationRow = typeof projectInvitations.$inferSelect;
