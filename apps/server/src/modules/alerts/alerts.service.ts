// Job alert settings: an engineer's mail choice, their saved Explore searches, and the
// signed one-click unsubscribe (docs/ALERTS.md).
import {
  ALERT_MESSAGES,
  type AlertSettingsDto,
  type AlertSettingsInput,
  DEFAULT_ALERT_MAIL_MODE,
  SAVED_SEARCH_LIMIT,
  type SavedSearchDto,
  type SavedSearchFilters,
  type SavedSearchUpdateInput,
} from '@app/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { alertSettings, type SavedSearchRow, savedSearches, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { canKeepAlerts } from './alerts.policy.ts';
import { readUnsubscribeToken } from './alerts.tokens.ts';

export async function getAlertSettings(ctx: AppContext, caller: Actor): Promise<AlertSettingsDto> {
  authorize(canKeepAlerts(caller), ALERT_MESSAGES.engineersOnly);
  const [row] = await ctx.db
    .select({ mailMode: alertSettings.mailMode })
    .from(alertSettings)
    .where(eq(alertSettings.userId, caller.id));
  return { mail_mode: row?.mailMode ?? DEFAULT_ALERT_MAIL_MODE };
}

export async function setAlertSettings(
  ctx: AppContext,
  caller: Actor,
  input: AlertSettingsInput,
): Promise<AlertSettingsDto> {
  authorize(canKeepAlerts(caller), ALERT_MESSAGES.engineersOnly);
  await ctx.db
    .insert(alertSettings)
    .values({ userId: caller.id, mailMode: input.mail_mode })
    .onConflictDoUpdate({
      target: alertSettings.userId,
      set: { mailMode: input.mail_mode, updatedAt: new Date() },
    });
  return { mail_mode: input.mail_mode };
}

function presentSearch(row: SavedSearchRow): SavedSearchDto {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters as SavedSearchDto['filters'],
    mail: row.mail,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listSavedSearches(ctx: AppContext, caller: Actor): Promise<SavedSearchDto[]> {
  authorize(canKeepAlerts(caller), ALERT_MESSAGES.engineersOnly);
  const rows = await ctx.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, caller.id))
    .orderBy(asc(savedSearches.createdAt));
  return rows.map(presentSearch);
}

export async function createSavedSearch(
  ctx: AppContext,
  caller: Actor,
  input: { name: string; filters: SavedSearchFilters },
): Promise<SavedSearchDto> {
  authorize(canKeepAlerts(caller), ALERT_MESSAGES.engineersOnly);
  const { filters } = input;
  if (
    filters.min_budget !== undefined &&
    filters.max_budget !== undefined &&
    filters.min_budget > filters.max_budget
  )
    throw badRequest('Minimum budget cannot be more than the maximum budget.', {
      min_budget: 'Minimum budget cannot be more than the maximum budget.',
    });
  // Only the filters that are set are kept, so the stored search reads like Explore's address.
  const kept = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number
  >;
  return ctx.transaction(async (tx) => {
    // Counted under a lock on the person's searches, so two quick saves cannot pass the limit together.
    await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(eq(savedSearches.userId, caller.id))
      .for('update');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, caller.id));
    if (n >= SAVED_SEARCH_LIMIT) throw conflict(ALERT_MESSAGES.tooMany);
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId: caller.id, name: input.name, filters: kept })
      .returning();
    return presentSearch(row);
  });
}

export async function updateSavedSearch(
  ctx: AppContext,
  caller: Actor,
  id: string,
  input: SavedSearchUpdateInput,
): Promise<SavedSearchDto> {
  authorize(canKeepAlerts(caller), ALERT_MESSAGES.engineersOnly);
  const [row] = await ctx.db
    .update(savedSearches)
    .set({ name: input.name, mail: input.mail })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, caller.id)))
    .returning();
  if (!row) throw notFound(ALERT_MESSAGES.notFound);
  return presentSearch(row);
}

export async function deleteSavedSearch(ctx: AppContext, caller: Actor, id: string): Promise<void> {
  authorize(canKeepAlerts(caller), ALERT_MESSAGES.engineersOnly);
  const rows = await ctx.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, caller.id)))
    .returning({ id: savedSearches.id });
  if (rows.length === 0) throw notFound(ALERT_MESSAGES.notFound);
}

/** What an unsubscribe link would turn off, for the confirm page; throws on a bad link. */
export async function describeUnsubscribe(ctx: AppContext, token: string | undefined): Promise<string> {
  const target = readUnsubscribeToken(ctx.config.unsubscribeKey, token);
  if (!target) throw badRequest(ALERT_MESSAGES.badLink);
  if (target.kind === 'mail')
    return 'Stop job alert e-mails? You will still see new projects in your notifications.';
  const [search] = await ctx.db
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(eq(savedSearches.id, target.searchId));
  if (!search) throw notFound(ALERT_MESSAGES.notFound);
  return `Stop e-mails for your saved search "${search.name}"? Its alerts stay in your notifications.`;
}

/**
 * Turns off the one setting a signed link names: the person's alert mail (choice 'never'), or
 * one saved search's mail. Nothing else changes; a second use changes nothing.
 */
export async function unsubscribe(ctx: AppContext, token: string | undefined): Promise<string> {
  const target = readUnsubscribeToken(ctx.config.unsubscribeKey, token);
  if (!target) throw badRequest(ALERT_MESSAGES.badLink);
  if (target.kind === 'mail') {
    // A link of an account deleted since: nothing is left to turn off.
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, target.userId));
    if (!user) throw notFound(ALERT_MESSAGES.notFound);
    await ctx.db
      .insert(alertSettings)
      .values({ userId: target.userId, mailMode: 'never' })
      .onConflictDoUpdate({
        target: alertSettings.userId,
        set: { mailMode: 'never', updatedAt: new Date() },
      });
    return ALERT_MESSAGES.unsubscribedMail;
  }
  const rows = await ctx.db
    .update(savedSearches)
    .set({ mail: false })
    .where(eq(savedSearches.id, target.searchId))
    .returning({ id: savedSearches.id });
  if (rows.length === 0) throw notFound(ALERT_MESSAGES.notFound);
  return ALERT_MESSAGES.unsubscribedSearch;
}
