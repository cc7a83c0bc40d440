// The daily digest (docs/ALERTS.md 'Mail'): one mail a day at most to each engineer on the
// 'daily' choice, listing the projects alerted since the last one that are still open and that
// their licences still let them take. Claimed once across instances as a scheduled job, and
// kept to one a day per engineer by a guarded write of the day (alert_settings.last_digest_on).
import { isoDay, licenceAllowsAlert } from '@app/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { alertSettings, projectAlerts, projects, users } from '../../db/schema/index.ts';
import type { Job } from '../../jobs/job.ts';
import { heldLicenses } from '../licenses/index.ts';
import { digestMail } from './alerts.mail.ts';

/** Most projects listed in one digest; the rest are on Explore. */
export const DIGEST_MAX_ITEMS = 50;

/** Engineers who are owed a digest: on 'daily' (or no choice yet) with an alert not yet mailed. */
async function owedDigest(ctx: AppContext): Promise<Array<{ id: string; email: string }>> {
  return ctx.db
    .selectDistinct({ id: users.id, email: users.email })
    .from(projectAlerts)
    .innerJoin(users, eq(users.id, projectAlerts.userId))
    .leftJoin(alertSettings, eq(alertSettings.userId, projectAlerts.userId))
    .where(
      and(
        eq(projectAlerts.mail, true),
        isNull(projectAlerts.mailedAt),
        sql`coalesce(${alertSettings.mailMode}, 'daily') = 'daily'`,
      ),
    );
}

/** Sends every owed digest for the UTC day of `now`; answers how many mails went out. */
export async function sendDigests(ctx: AppContext, now = new Date()): Promise<number> {
  let sent = 0;
  for (const engineer of await owedDigest(ctx)) if (await sendDigest(ctx, engineer, now)) sent++;
  return sent;
}

async function sendDigest(
  ctx: AppContext,
  engineer: { id: string; email: string },
  now: Date,
): Promise<boolean> {
  const today = isoDay(now);
  return ctx.transaction(async (tx) => {
    // The day is written first and only if it is not already today's: a second run the same
    // day (another instance, a retry) finds nothing to claim and sends nothing.
    const claimed = await tx
      .insert(alertSettings)
      .values({ userId: engineer.id, lastDigestOn: today })
      .onConflictDoUpdate({
        target: alertSettings.userId,
        set: { lastDigestOn: today },
        setWhere: sql`${alertSettings.lastDigestOn} is distinct from ${today}::date and ${alertSettings.mailMode} = 'daily'`,
      })
      .returning({ userId: alertSettings.userId });
    if (claimed.length === 0) return false;
    const owed = await tx
      .select({
        projectId: projects.id,
        title: projects.title,
        status: projects.status,
        licenseType: projects.licenseType,
        country: projects.country,
        state: projects.state,
        specializations: projects.specializations,
        budget: projects.budget,
        urgencyLevel: projects.urgencyLevel,
      })
      .from(projectAlerts)
      .innerJoin(projects, eq(projects.id, projectAlerts.projectId))
      .where(
        and(
          eq(projectAlerts.userId, engineer.id),
          eq(projectAlerts.mail, true),
          isNull(projectAlerts.mailedAt),
        ),
      )
      .orderBy(asc(projectAlerts.createdAt));
    if (owed.length === 0) return false;
    const held = await heldLicenses(tx, engineer.id);
    // Re-checked at sending: a project taken meanwhile, or a licence that lapsed, is left out.
    const items = owed
      .filter((p) => p.status === 'open' && licenceAllowsAlert(held, p, now))
      .slice(0, DIGEST_MAX_ITEMS)
      .map((p) => ({ id: p.projectId, title: p.title }));
    await tx
      .update(projectAlerts)
      .set({ mailedAt: now })
      .where(
        and(
          eq(projectAlerts.userId, engineer.id),
          inArray(
            projectAlerts.projectId,
            owed.map((p) => p.projectId),
          ),
        ),
      );
    if (items.length === 0) return false;
    await ctx.sendMail(tx, digestMail(ctx, { userId: engineer.id, email: engineer.email }, items));
    return true;
  });
}

/** Every day at 14:00 UTC (morning across the United States). */
export const alertDigestJob: Job = {
  name: 'alerts.digest',
  schedule: '0 14 * * *',
  async run(ctx) {
    const sent = await sendDigests(ctx);
    ctx.log.info({ sent }, 'alert digests sent');
  },
};
