// Engineer and client account details. The SSN is encrypted before it is stored and
// only its last four digits ever leave the server.
import {
  ACCOUNT_MESSAGES,
  type ClientAccountDto,
  type ClientAccountInput,
  type EngineerAccountCreate,
  type EngineerAccountDto,
  type EngineerAccountUpdate,
} from '@app/shared';
import { eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { clientAccounts, engineerAccounts } from '../../db/schema/index.ts';
import { encrypt } from '../../lib/crypto.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { assertAccountReader, assertAccountWriter } from './accounts.policy.ts';
import { presentClientAccount, presentEngineerAccount } from './accounts.presenter.ts';

const sealSsn = (ctx: AppContext, ssn: string) => ({
  ssnEncrypted: encrypt(ssn, ctx.config.encryptionKey),
  ssnLast4: ssn.slice(-4),
});

function engineerValues(input: EngineerAccountUpdate) {
  return {
    phoneNumber: input.phone_number,
    country: input.country,
    state: input.state,
    specializations: input.specializations,
    highestEducation: input.highest_education,
    yearsOfExperience: input.years_of_experience,
    portfolio: input.portfolio,
    hoursRate: input.hours_rate,
    availability: input.availability,
  };
}

export async function getEngineerAccount(
  ctx: AppContext,
  actor: Actor,
  userId: string,
): Promise<EngineerAccountDto> {
  assertAccountReader(actor, userId, 'engineer');
  const [row] = await ctx.db.select().from(engineerAccounts).where(eq(engineerAccounts.userId, userId));
  if (!row) throw notFound(ACCOUNT_MESSAGES.noAccount);
  return presentEngineerAccount(row);
}

export async function createEngineerAccount(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  input: EngineerAccountCreate,
): Promise<EngineerAccountDto> {
  assertAccountWriter(actor, userId, 'engineer');
  const [row] = await ctx.db
    .insert(engineerAccounts)
    .values({ userId, ...engineerValues(input), ...sealSsn(ctx, input.ssn) })
    .onConflictDoNothing({ target: engineerAccounts.userId })
    .returning();
  if (!row) throw conflict(ACCOUNT_MESSAGES.exists);
  return presentEngineerAccount(row);
}

/** `id` is the account's id; the owner's user id is accepted too. */
export async function updateEngineerAccount(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: EngineerAccountUpdate,
): Promise<EngineerAccountDto> {
  const [current] = await ctx.db
    .select({ id: engineerAccounts.id, userId: engineerAccounts.userId })
    .from(engineerAccounts)
    .where(or(eq(engineerAccounts.id, id), eq(engineerAccounts.userId, id)));
  if (!current) throw notFound(ACCOUNT_MESSAGES.noAccount);
  assertAccountWriter(actor, current.userId, 'engineer');
  const [row] = await ctx.db
    .update(engineerAccounts)
    .set({ ...engineerValues(input), ...(input.ssn ? sealSsn(ctx, input.ssn) : {}), updatedAt: new Date() })
    .where(eq(engineerAccounts.id, current.id))
    .returning();
  if (!row) throw notFound(ACCOUNT_MESSAGES.noAccount);
  return presentEngineerAccount(row);
}

function clientValues(input: ClientAccountInput) {
  return {
    phoneNumber: input.phone_number,
    companyName: input.company_name,
    companyWebsite: input.company_website,
    country: input.country,
    state: input.state,
  };
}

export async function getClientAccount(
  ctx: AppContext,
  actor: Actor,
  userId: string,
): Promise<ClientAccountDto> {
  assertAccountReader(actor, userId, 'client');
  const [row] = await ctx.db.select().from(clientAccounts).where(eq(clientAccounts.userId, userId));
  if (!row) throw notFound(ACCOUNT_MESSAGES.noAccount);
  return presentClientAccount(row);
}

export async function createClientAccount(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  input: ClientAccountInput,
): Promise<ClientAccountDto> {
  assertAccountWriter(actor, userId, 'client');
  const [row] = await ctx.db
    .insert(clientAccounts)
    .values({ userId, ...clientValues(input) })
    .onConflictDoNothing({ target: clientAccounts.userId })
    .returning();
  if (!row) throw conflict(ACCOUNT_MESSAGES.exists);
  return presentClientAccount(row);
}

export async function updateClientAccount(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: ClientAccountInput,
): Promise<ClientAccountDto> {
  const [current] = await ctx.db
    .select({ id: clientAccounts.id, userId: clientAccounts.userId })
    .from(clientAccounts)
    .where(or(eq(clientAccounts.id, id), eq(clientAccounts.userId, id)));
  if (!current) throw notFound(ACCOUNT_MESSAGES.noAccount);
  assertAccountWriter(actor, current.userId, 'client');
  const [row] = await ctx.db
    .update(clientAccounts)
    .set({ ...clientValues(input), updatedAt: new Date() })
    .where(eq(clientAccounts.id, current.id))
    .returning();
  if (!row) throw notFound(ACCOUNT_MESSAGES.noAccount);
  return presentClientAccount(row);
}
