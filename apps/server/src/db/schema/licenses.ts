// Engineers' professional licences and their review by an admin. A licence counts for
// applying only while verified and not expired (isLicenseValid in @app/shared).
import { LICENSE_STATUSES, LICENSE_TYPES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    licenseNumber: text('license_number').notNull(),
    licenseType: text('license_type', { enum: LICENSE_TYPES }).notNull(),
    issueCountry: text('issue_country').notNull(),
    issueState: text('issue_state').notNull(),
    specializations: text('specializations').array().notNull().default([]),
    /** 'YYYY-MM-DD'; valid through the end of that day. Null: no expiry. */
    expirationDate: date('expiration_date', { mode: 'string' }),
    verificationStatus: text('verification_status', { enum: LICENSE_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    proofUrl: text('proof_url'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When the last expiry reminder went out. */
    expiryNotifiedAt: timestamp('expiry_notified_at', { withTimezone: true }),
    /** The reminder window last sent (60, 30 or 7 days), so each goes out once. */
    expiryNoticeDays: integer('expiry_notice_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('licenses_user_idx').on(t.userId),
    // The directory lists engineers holding a licence that is not rejected; this partial
    // index lets its total be counted by index-only scans.
    index('licenses_listed_user_idx').on(t.userId).where(sql`${t.verificationStatus} <> 'rejected'`),
    index('licenses_status_created_idx').on(t.verificationStatus, t.createdAt),
    index('licenses_type_user_idx').on(t.licenseType, t.userId),
    index('licenses_expiration_idx').on(t.expirationDate),
    // One entry per licence an engineer holds.
    uniqueIndex('licenses_user_number_idx').on(t.userId, t.issueCountry, t.issueState, t.licenseNumber),
  ],
);

export type LicenseRow = typeof licenses.$inferSelect;
