// notify(): the one way any feature tells a person something. It stores the row and,
// after it is stored, pushes it live to the person's room.
import type { NotificationDto } from '@app/shared';
import { and, desc, eq } from 'drizzle-orm';
import { renderMail } from '../../adapters/mail/templates.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { presentNotification } from './notifications.presenter.ts';

/**
 * Stores a notification and emits `new-notification`. Pass the open transaction as `tx`
 * when notifying inside one: the row commits with it, and the push waits for the commit
 * through `afterCommit`.
 */
export async function notify(
  ctx: AppContext,
  userId: string,
  message: string,
  link: string | null = null,
  tx: DbOrTx = ctx.db,
): Promise<NotificationDto> {
  const [row] = await tx
    .insert(notifications)
    .values({ userId, message, notificationLink: link })
    .returning();
  const dto = presentNotification(row);
  if (tx === ctx.db) ctx.realtime.emitToUser(userId, 'new-notification', dto);
  else ctx.afterCommit(tx, () => ctx.realtime.emitToUser(userId, 'new-notification', dto));
  return dto;
}

/**
 * Stores one notification for each of many people in one insert (a fan-out's batch), inside
 * `tx`; each is pushed to its person once `tx` commits.
 */
export async function notifyEach(
  ctx: AppContext,
  tx: DbOrTx,
  items: ReadonlyArray<{ userId: string; message: string; link: string | null }>,
): Promise<void> {
  if (items.length === 0) return;
  const rows = await tx
    .insert(notifications)
    .values(items.map((i) => ({ userId: i.userId, message: i.message, notificationLink: i.link })))
    .returning();
  ctx.afterCommit(tx, () => {
    for (const row of rows) ctx.realtime.emitToUser(row.userId, 'new-notification', presentNotification(row));
  });
}

export async function listNotifications(ctx: AppContext, userId: string): Promise<NotificationDto[]> {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(200);
  return rows.map(presentNotification);
}

export async function markRead(ctx: AppContext, userId: string, id: string): Promise<NotificationDto> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Notification not found.');
  return presentNotification(row);
}

export async function deleteNotification(ctx: AppContext, userId: string, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound('Notification not found.');
}

/**
 * E-mails `to` once `tx` commits (at once outside a transaction): the mail of an event
 * that matters (docs/PRODUCT.md#notifications), sent only if the change it reports lands.
 */
export function mailEvent(
  ctx: AppContext,
  tx: DbOrTx,
  to: string,
  mail: Parameters<typeof renderMail>[0],
): Promise<void> {
  return ctx.sendMail(tx, { to, ...renderMail(mail) });
}
