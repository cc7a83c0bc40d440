// Licences: engineers add and correct their own; an admin approves or rejects pending
// ones (a guarded transition: exactly one decision wins); reminders before expiry.

import { randomUUID } from 'node:crypto';
import {
  daysUntilExpiry,
  expiryReminderStage,
  isoDay,
  LICENSE_EXPIRY_REMINDER_DAYS,
  LICENSE_MESSAGES,
  type LicenseDecision,
  type LicenseDto,
  type LicenseInput,
  type PendingLicenseDto,
} from '@app/shared';
import { and, asc, eq, gt, gte, isNull, lte, ne, or, TransactionRollbackError } from 'drizzle-orm';
import { renderMail } from '../../adapters/mail/templates.ts';
import type { AppContext } from '../../context.ts';
import { type LicenseRow, licenses, users } from '../../db/schema/index.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { discardFilesOf, fileNamesOf, setFileField } from '../files/index.ts';
import { notify } from '../notifications/index.ts';
import { assertLicenseReader, assertLicenseWriter, assertOwnerMayChange } from './licenses.policy.ts';
import { presentLicense } from './licenses.presenter.ts';

function licenseValues(input: LicenseInput, now: Date) {
  if (input.expiration_date < isoDay(now))
    throw badRequest(LICENSE_MESSAGES.expired, { expiration_date: LICENSE_MESSAGES.expired });
  return {
    licenseNumber: input.license_number,
    licenseType: input.license_type,
    issueCountry: input.issue_country,
    issueState: input.issue_state,
    specializations: [...new Set(input.specializations)],
    expirationDate: input.expiration_date,
  };
}

/** The proof field: the engineer's own `license_proof` upload, held by the licence. */
const proofField = (actor: Actor, licenseId: string, current: string | null) => ({
  ownerId: actor.id,
  kind: 'license_proof' as const,
  subjectId: licenseId,
  current,
  field: 'proof_url',
  message: LICENSE_MESSAGES.proofUrl,
});

export async function listLicenses(ctx: AppContext, actor: Actor, userId: string): Promise<LicenseDto[]> {
  assertLicenseReader(actor, userId);
  const rows = await ctx.db
    .select()
    .from(licenses)
    .where(eq(licenses.userId, userId))
    .orderBy(asc(licenses.createdAt));
  const now = new Date();
  const names = await fileNamesOf(
    ctx.db,
    rows.map((r) => r.proofUrl),
  );
  return rows.map((r) => presentLicense(r, now, names));
}

export async function createLicense(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  input: LicenseInput,
  now = new Date(),
): Promise<LicenseDto> {
  assertLicenseWriter(actor, userId);
  const values = licenseValues(input, now);
  const row = await ctx.transaction(async (tx) => {
    const id = randomUUID();
    const proofUrl = await setFileField(ctx, tx, { ...proofField(actor, id, null), next: input.proof_url });
    const [inserted] = await tx
      .insert(licenses)
      .values({ id, userId, ...values, proofUrl })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw conflict(LICENSE_MESSAGES.duplicate);
    return inserted;
  });
  await tellAdmins(ctx, row, 'submitted');
  return presentLicense(row, now, await fileNamesOf(ctx.db, [row.proofUrl]));
}

/** Admins hear of every licence that joins the review queue. */
async function tellAdmins(
  ctx: AppContext,
  row: LicenseRow,
  what: 'submitted' | 'resubmitted',
): Promise<void> {
  const admins = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(50);
  const [owner] = await ctx.db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, row.userId));
  for (const admin of admins)
    await notify(
      ctx,
      admin.id,
      `${owner?.fullName ?? 'An engineer'} ${what} a ${row.licenseType} license for review.`,
      `/admin_dashboard/${admin.id}`,
    );
}

async function loadOwned(ctx: AppContext, actor: Actor, id: string): Promise<LicenseRow> {
  const [row] = await ctx.db.select().from(licenses).where(eq(licenses.id, id));
  if (!row) throw notFound(LICENSE_MESSAGES.notFound);
  assertLicenseWriter(actor, row.userId);
  return row;
}

/** Corrects a pending or rejected licence; a rejected one goes back to the review queue. */
export async function updateLicense(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: LicenseInput,
  now = new Date(),
): Promise<LicenseDto> {
  const current = await loadOwned(ctx, actor, id);
  assertOwnerMayChange(current.verificationStatus, 'edit');
  const values = licenseValues(input, now);
  let row: LicenseRow | undefined;
  try {
    row = await ctx.transaction(async (tx) => {
      const proofUrl = await setFileField(ctx, tx, {
        ...proofField(actor, id, current.proofUrl),
        next: input.proof_url,
      });
      const [updated] = await tx
        .update(licenses)
        .set({
          ...values,
          proofUrl,
          verificationStatus: 'pending',
          rejectionReason: null,
          reviewedBy: null,
          reviewedAt: null,
          expiryNotifiedAt: null,
          expiryNoticeDays: null,
          updatedAt: now,
        })
        // Guarded: an admin may have verified it since it was read.
        .where(and(eq(licenses.id, id), ne(licenses.verificationStatus, 'verified')))
        .returning();
      // Nothing changed: the replaced proof stays.
      if (!updated) tx.rollback();
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(LICENSE_MESSAGES.duplicate);
    if (!(err instanceof TransactionRollbackError)) throw err;
  }
  if (!row) {
    const [after] = await ctx.db.select().from(licenses).where(eq(licenses.id, id));
    if (!after) throw notFound(LICENSE_MESSAGES.notFound);
    assertOwnerMayChange(after.verificationStatus, 'edit');
    throw conflict('The license changed meanwhile. Reload and try again.');
  }
  if (current.verificationStatus === 'rejected') await tellAdmins(ctx, row, 'resubmitted');
  return presentLicense(row, now, await fileNamesOf(ctx.db, [row.proofUrl]));
}

export async function deleteLicense(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const current = await loadOwned(ctx, actor, id);
  assertOwnerMayChange(current.verificationStatus, 'delete');
  const rows = await ctx.transaction(async (tx) => {
    const deleted = await tx
      .delete(licenses)
      .where(and(eq(licenses.id, id), ne(licenses.verificationStatus, 'verified')))
      .returning({ id: licenses.id });
    // Its proof document goes with it.
    if (deleted.length > 0) await discardFilesOf(ctx, tx, id);
    return deleted;
  });
  if (rows.length === 0) {
    const [after] = await ctx.db.select().from(licenses).where(eq(licenses.id, id));
    if (after) assertOwnerMayChange(after.verificationStatus, 'delete');
    throw notFound(LICENSE_MESSAGES.notFound);
  }
}

/** The admin's review queue: pending licences, oldest first. */
export async function listPendingLicenses(ctx: AppContext): Promise<PendingLicenseDto[]> {
  const rows = await ctx.db
    .select({ license: licenses, fullName: users.fullName, email: users.email })
    .from(licenses)
    .innerJoin(users, eq(users.id, licenses.userId))
    .where(eq(licenses.verificationStatus, 'pending'))
    .orderBy(asc(licenses.createdAt), asc(licenses.id))
    .limit(500);
  const now = new Date();
  const names = await fileNamesOf(
    ctx.db,
    rows.map((r) => r.license.proofUrl),
  );
  return rows.map((r) => ({
    ...presentLicense(r.license, now, names),
    full_name: r.fullName,
    email: r.email,
  }));
}

const describeLicense = (l: LicenseRow) => `${l.licenseType} license ${l.licenseNumber} (${l.issueState})`;

/** Approves or rejects a pending licence. Two racing decisions: one wins, the other gets 409. */
export async function decideLicense(
  ctx: AppContext,
  admin: Actor,
  id: string,
  decision: LicenseDecision,
): Promise<LicenseDto> {
  const now = new Date();
  const reason = decision.verification_status === 'rejected' ? decision.reason?.trim() || null : null;
  return ctx.transaction(async (tx) => {
    const [row] = await tx
      .update(licenses)
      .set({
        verificationStatus: decision.verification_status,
        rejectionReason: reason,
        reviewedBy: admin.id,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(and(eq(licenses.id, id), eq(licenses.verificationStatus, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: licenses.id }).from(licenses).where(eq(licenses.id, id));
      if (!exists) throw notFound(LICENSE_MESSAGES.notFound);
      throw conflict(LICENSE_MESSAGES.notPending);
    }
    const [owner] = await tx
      .select({ email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, row.userId));
    const approved = row.verificationStatus === 'verified';
    const message = approved
      ? `Your ${describeLicense(row)} was approved.`
      : `Your ${describeLicense(row)} was rejected.${reason ? ` Reason: ${reason}` : ''}`;
    const link = `/profile/${row.userId}`;
    await notify(ctx, row.userId, message, link, tx);
    if (owner) {
      const mail = renderMail({
        subject: approved ? 'Your license was approved' : 'Your license was rejected',
        lines: [
          `Hello ${owner.fullName},`,
          message,
          approved
            ? 'It now counts when you apply to projects that require this license type.'
            : 'You can correct the license in your profile and submit it again for review.',
        ],
        action: { label: 'Open your licenses', url: `${ctx.config.publicUrl}/#${link}` },
      });
      await ctx.sendMail(tx, { to: owner.email, ...mail });
    }
    return presentLicense(row, now, await fileNamesOf(tx, [row.proofUrl]));
  });
}

/**
 * Reminds the engineer of each verified licence that expires within 60, 30 and 7 days: one
 * notification and e-mail per window. Recording the window sent (guarded on a larger or
 * no window before) makes a second run, or a second instance, send nothing more; a renewed
 * licence (a new expiry date) starts over. Answers how many reminders went out.
 */
export async function sendExpiryReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const today = isoDay(now);
  const widest = Math.max(...LICENSE_EXPIRY_REMINDER_DAYS);
  const horizon = isoDay(new Date(now.getTime() + widest * 24 * 60 * 60 * 1000));
  const due = await ctx.db
    .select({ id: licenses.id, expirationDate: licenses.expirationDate, sent: licenses.expiryNoticeDays })
    .from(licenses)
    .where(
      and(
        eq(licenses.verificationStatus, 'verified'),
        gte(licenses.expirationDate, today),
        lte(licenses.expirationDate, horizon),
      ),
    )
    .limit(5000);
  let sent = 0;
  for (const { id, expirationDate, sent: before } of due) {
    const stage = expiryReminderStage(daysUntilExpiry(expirationDate, now));
    if (stage === null || (before !== null && before <= stage)) continue;
    const done = await ctx.transaction(async (tx) => {
      const [row] = await tx
        .update(licenses)
        .set({ expiryNotifiedAt: now, expiryNoticeDays: stage })
        .where(
          and(
            eq(licenses.id, id),
            or(isNull(licenses.expiryNoticeDays), gt(licenses.expiryNoticeDays, stage)),
          ),
        )
        .returning();
      if (!row) return false;
      const [owner] = await tx
        .select({ email: users.email, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, row.userId));
      const message = `Your ${describeLicense(row)} expires on ${row.expirationDate}. Add your renewed license to keep applying for projects.`;
      const link = `/profile/${row.userId}`;
      await notify(ctx, row.userId, message, link, tx);
      if (owner) {
        const mail = renderMail({
          subject: 'Your license expires soon',
          lines: [`Hello ${owner.fullName},`, message],
          action: { label: 'Open your licenses', url: `${ctx.config.publicUrl}/#${link}` },
        });
        await ctx.sendMail(tx, { to: owner.email, ...mail });
      }
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}
