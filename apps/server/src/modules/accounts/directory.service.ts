// The engineer directory (GET /api/engineer/account) and the public engineer profile
// (GET /api/engineer/account/id/{userId}). Filtering and paging happen in SQL; nothing
// private (SSN, phone) is selected.
import {
  ACCOUNT_MESSAGES,
  type EngineerDirectoryDto,
  type EngineerDirectoryQuery,
  type EngineerProfileDto,
  isLicenseExpired,
  isLicenseValid,
  isoDay,
  isStateOf,
  STATES_BY_COUNTRY,
} from '@app/shared';
import { and, asc, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { engineerAccounts, licenses, users } from '../../db/schema/index.ts';
import { cappedTotal } from '../../lib/capped-count.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { ratingStatsFor, ratingStatsOf, ratingTotalsOf } from '../rating-stats/index.ts';
import { canWriteAccount } from './accounts.policy.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type HeldLicense = {
  licenseType: string;
  verificationStatus: string;
  expirationDate: string | null;
  issueCountry: string;
  issueState: string;
};

/**
 * A licence listed in the directory: any that is not rejected (pending ones show the
 * engineer is on the way; the `verified` badge is what counts).
 */
function hasListedLicense(licenseType?: string): SQL {
  return sql`exists (select 1 from ${licenses} where ${licenses.userId} = ${engineerAccounts.userId} and ${licenses.verificationStatus} <> 'rejected'${
    licenseType ? sql` and ${licenses.licenseType} = ${licenseType}` : sql``
  })`;
}

/**
 * SQL twin of isLicenseValid: verified and not expired on `today`; of a type, and issued
 * for a country and state, when asked.
 */
function hasValidLicense(
  today: string,
  licenseType?: string,
  place: { country?: string; state?: string } = {},
): SQL {
  return sql`exists (select 1 from ${licenses} where ${licenses.userId} = ${engineerAccounts.userId} and ${licenses.verificationStatus} = 'verified' and (${licenses.expirationDate} is null or ${licenses.expirationDate} >= ${today})${
    licenseType ? sql` and ${licenses.licenseType} = ${licenseType}` : sql``
  }${place.country ? sql` and ${licenses.issueCountry} = ${place.country}` : sql``}${
    place.state ? sql` and ${licenses.issueState} = ${place.state}` : sql``
  })`;
}

/** A state must belong to the country chosen with it, or to some country when none is. */
function assertKnownState(country: string | undefined, state: string | undefined, field: string) {
  if (!state) return;
  const known = country
    ? isStateOf(country, state)
    : Object.values(STATES_BY_COUNTRY).some((states) => states.includes(state));
  if (!known) throw badRequest('Choose a state of the selected country.', { [field]: 'Unknown state.' });
}

export async function listEngineers(
  ctx: AppContext,
  query: EngineerDirectoryQuery,
  now = new Date(),
): Promise<EngineerDirectoryDto> {
  const today = isoDay(now);
  if (query.min_rate != null && query.max_rate != null && query.min_rate > query.max_rate)
    throw badRequest('The minimum rate cannot be above the maximum rate.', { min_rate: 'Too high.' });
  assertKnownState(query.country, query.state, 'state');
  assertKnownState(query.licensed_country, query.licensed_state, 'licensed_state');

  const conditions: SQL[] = [hasListedLicense(query.license_type)];
  if (query.verified === 'true') conditions.push(hasValidLicense(today, query.license_type));
  if (query.licensed_country || query.licensed_state)
    conditions.push(
      hasValidLicense(today, query.license_type, {
        country: query.licensed_country,
        state: query.licensed_state,
      }),
    );
  if (query.specialization)
    conditions.push(sql`${engineerAccounts.specializations} @> array[${query.specialization}]::text[]`);
  if (query.country) conditions.push(eq(engineerAccounts.country, query.country));
  if (query.state) conditions.push(eq(engineerAccounts.state, query.state));
  if (query.availability) conditions.push(eq(engineerAccounts.availability, query.availability));
  if (query.education) conditions.push(eq(engineerAccounts.highestEducation, query.education));
  if (query.min_rate != null) conditions.push(gte(engineerAccounts.hoursRate, query.min_rate));
  if (query.max_rate != null) conditions.push(lte(engineerAccounts.hoursRate, query.max_rate));
  if (query.q) conditions.push(sql`${users.fullName} ilike ${`%${escapeLike(query.q)}%`}`);
  const where = and(...conditions);

  // The name lives on users: join it only when searching by name, so the default count
  // and page read engineer_accounts and the licences index alone.
  const offset = (query.page - 1) * query.pageSize;
  const matching = (q: PgSelect) =>
    (query.q ? q.innerJoin(users, eq(users.id, engineerAccounts.userId)) : q).where(where);
  const order = [desc(engineerAccounts.createdAt), desc(engineerAccounts.userId)];
  // The page's ids skip `offset` rows through indexes only, so a deep page walks the index
  // once and costs index entries, not joined rows; the full rows, their licences and
  // ratings are then read for those ids alone, in the same statement (one round trip
  // beside the count).
  const pageIds = matching(
    ctx.db.select({ userId: engineerAccounts.userId }).from(engineerAccounts).$dynamic(),
  )
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offset);
  // The licences of each engineer on the page (not rejected), oldest first, read with the row.
  const listedLicenses = sql<HeldLicense[]>`(select coalesce(json_agg(json_build_object(
      'licenseType', l.license_type, 'verificationStatus', l.verification_status,
      'expirationDate', l.expiration_date, 'issueCountry', l.issue_country, 'issueState', l.issue_state)
      order by l.created_at), '[]'::json)
    from ${licenses} l where l.user_id = ${engineerAccounts.userId} and l.verification_status <> 'rejected')`;
  const [counted, rows] = await Promise.all([
    cappedTotal(ctx.db, matching(ctx.db.select({ one: sql`1` }).from(engineerAccounts).$dynamic()), offset),
    ctx.db
      .select({
        userId: engineerAccounts.userId,
        fullName: users.fullName,
        profilePicture: users.profilePicture,
        specializations: engineerAccounts.specializations,
        hoursRate: engineerAccounts.hoursRate,
        availability: engineerAccounts.availability,
        country: engineerAccounts.country,
        state: engineerAccounts.state,
        highestEducation: engineerAccounts.highestEducation,
        held: listedLicenses,
        ratingTotals: ratingTotalsOf(engineerAccounts.userId),
      })
      .from(engineerAccounts)
      .innerJoin(users, eq(users.id, engineerAccounts.userId))
      .where(inArray(engineerAccounts.userId, pageIds))
      .orderBy(...order),
  ]);

  return {
    items: rows.map((r) => {
      const own = r.held;
      const valid = own.filter((l) =>
        isLicenseValid({ verification_status: l.verificationStatus, expiration_date: l.expirationDate }, now),
      );
      return {
        user_id: r.userId,
        full_name: r.fullName,
        profile_picture: r.profilePicture,
        specializations: r.specializations,
        hours_rate: r.hoursRate,
        availability: r.availability,
        country: r.country,
        state: r.state,
        highest_education: r.highestEducation,
        license_types: [...new Set(own.map((l) => l.licenseType))],
        verified: valid.length > 0,
        licensed_in: [...new Set(valid.map((l) => `${l.issueState}, ${l.issueCountry}`))],
        ...ratingStatsOf(r.ratingTotals),
      };
    }),
    ...counted,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getEngineerProfile(
  ctx: AppContext,
  actor: Actor | undefined,
  userId: string,
  now = new Date(),
): Promise<EngineerProfileDto> {
  const [row] = await ctx.db
    .select({ user: users, account: engineerAccounts })
    .from(users)
    .leftJoin(engineerAccounts, eq(engineerAccounts.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'engineer')));
  if (!row) throw notFound(ACCOUNT_MESSAGES.engineerNotFound);
  const { user, account } = row;
  const held = await ctx.db
    .select()
    .from(licenses)
    .where(and(eq(licenses.userId, userId), ne(licenses.verificationStatus, 'rejected')))
    .orderBy(asc(licenses.createdAt));
  const ratings = (await ratingStatsFor(ctx.db, [userId])).get(userId) ?? { avg_rating: 0, rating_count: 0 };
  const publicLicenses = held.map((l) => {
    const view = { verification_status: l.verificationStatus, expiration_date: l.expirationDate };
    return {
      id: l.id,
      license_type: l.licenseType,
      // State boards publish licence numbers so anyone can look one up; shown once staff
      // verified it, so an unchecked claim is not presented as a number to check.
      license_number: l.verificationStatus === 'verified' ? l.licenseNumber : null,
      issue_state: l.issueState,
      issue_country: l.issueCountry,
      expiration_date: l.expirationDate,
      verification_status: l.verificationStatus,
      is_valid: isLicenseValid(view, now),
      is_expired: isLicenseExpired(view, now),
    };
  });
  return {
    user_id: user.id,
    full_name: user.fullName,
    profile_picture: user.profilePicture,
    highest_education: account?.highestEducation ?? null,
    specializations: account?.specializations ?? [],
    years_of_experience: account?.yearsOfExperience ?? null,
    portfolio: account?.portfolio ?? null,
    hours_rate: account?.hoursRate ?? null,
    availability: account?.availability ?? null,
    country: account?.country ?? null,
    state: account?.state ?? null,
    licenses: publicLicenses,
    verified: publicLicenses.some((l) => l.is_valid),
    ...ratings,
    member_since: user.createdAt.toISOString(),
    abilities: { edit: !!actor && canWriteAccount(actor, user.id) },
  };
}
