// Profile details beyond the sign-up record: one engineer account or one client account
// per user. The SSN is stored only as AES-256-GCM ciphertext (lib/crypto.ts).
import { AVAILABILITIES, EDUCATIONS } from '@app/shared';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const engineerAccounts = pgTable(
  'engineer_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    /** 'v1:' + base64(iv | tag | ciphertext) of the 9 digits; never answered except as its last four. */
    ssnEncrypted: text('ssn_encrypted').notNull(),
    /** The last four digits, kept apart so showing them needs no decryption. */
    ssnLast4: text('ssn_last4').notNull(),
    country: text('country').notNull(),
    state: text('state').notNull(),
    specializations: text('specializations').array().notNull().default([]),
    highestEducation: text('highest_education', { enum: EDUCATIONS }).notNull(),
    yearsOfExperience: integer('years_of_experience').notNull(),
    portfolio: text('portfolio'),
    /** Hourly rate in integer cents. */
    hoursRate: integer('hours_rate').notNull(),
    availability: text('availability', { enum: AVAILABILITIES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('engineer_accounts_user_idx').on(t.userId),
    // The directory filters (GET /api/engineer/account) and its default order.
    index('engineer_accounts_specializations_idx').using('gin', t.specializations),
    index('engineer_accounts_country_state_idx').on(t.country, t.state),
    index('engineer_accounts_availability_idx').on(t.availability),
    index('engineer_accounts_education_idx').on(t.highestEducation),
    index('engineer_accounts_hours_rate_idx').on(t.hoursRate),
    index('engineer_accounts_created_idx').on(t.createdAt, t.userId),
  ],
);

export const clientAccounts = pgTable(
  'client_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    companyName: text('company_name'),
    companyWebsite: text('company_website'),
    country: text('country').notNull(),
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('client_accounts_user_idx').on(t.userId)],
);

export type EngineerAccountRow = typeof engineerAccounts.$inferSelect;
export type ClientAccountRow = typeof clientAccounts.$inferSelect;
