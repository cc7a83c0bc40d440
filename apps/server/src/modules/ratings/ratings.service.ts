// Ratings both ways (docs/PRODUCT.md#data Rating, docs/PRODUCT.md#states, docs/PRODUCT.md#validation): after a project is completed its client
// rates the engineer and the engineer rates the client, once each per project, 1 to 5
// stars with an optional comment. The sender is the caller, never a body field.
import {
  type CompletedProjectDto,
  type CreateRatingBody,
  RATING_MESSAGES,
  type RatingCheckDto,
  type RatingStatsDto,
  type ReviewDto,
} from '@app/shared';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payments, projects, proposals, ratings, users } from '../../db/schema/index.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { notify } from '../notifications/index.ts';
import { findProject } from '../projects/index.ts';
import { acceptedEngineerOf } from '../proposals/index.ts';
import { ratingStatsFor } from '../rating-stats/index.ts';
import { appendRecord } from '../record-chain/index.ts';
import { canCheckRating, canListSharedProjects, canRate } from './ratings.policy.ts';
import { presentReview } from './ratings.presenter.ts';

type ParsedRating = Omit<CreateRatingBody, 'comment'> & { comment: string | null };

export async function createRating(ctx: AppContext, actor: Actor, body: ParsedRating): Promise<ReviewDto> {
  if (body.sender_id !== actor.id) throw forbidden(RATING_MESSAGES.asYourself);
  const project = await findProject(ctx.db, body.project_id);
  if (!project) throw notFound(RATING_MESSAGES.notAllowed);
  const deal = {
    clientId: project.customerId,
    engineerId: await acceptedEngineerOf(ctx.db, project.id),
    projectStatus: project.status,
  };
  if (!canRate(actor, deal, body.receiver_id)) throw forbidden(RATING_MESSAGES.notAllowed);
  const row = await ctx
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(ratings)
        .values({
          senderId: actor.id,
          receiverId: body.receiver_id,
          projectId: project.id,
          rate: body.rate,
          comment: body.comment,
        })
        .returning();
      const [sender] = await tx
        .select({ fullName: users.fullName })
        .from(users)
        .where(eq(users.id, actor.id));
      const receiverIsEngineer = body.receiver_id === deal.engineerId;
      await notify(
        ctx,
        body.receiver_id,
        `${sender.fullName} rated you ${body.rate} ${body.rate === 1 ? 'star' : 'stars'} for "${project.title}".`,
        receiverIsEngineer
          ? `/engineer_profile/${body.receiver_id}`
          : `/client_dashboard/${body.receiver_id}`,
        tx,
      );
      await appendRecord(tx, project.id, {
        type: 'rating_given',
        actorId: actor.id,
        data: {
          rating_id: created.id,
          receiver_id: created.receiverId,
          rate: created.rate,
          comment: created.comment,
        },
      });
      return { created, senderName: sender.fullName };
    })
    .catch((err) => {
      // Two racing posts: the unique index keeps one.
      if (isUniqueViolation(err)) throw conflict(RATING_MESSAGES.alreadyRatedProject);
      throw err;
    });
  return presentReview(row.created, row.senderName);
}

/** GET /api/ratings/user/{userId}: the reviews a user received, newest first (public, as on profiles). */
export async function listReviews(ctx: AppContext, userId: string): Promise<ReviewDto[]> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found.');
  const rows = await ctx.db
    .select({ rating: ratings, senderName: users.fullName })
    .from(ratings)
    .leftJoin(users, eq(users.id, ratings.senderId))
    .where(eq(ratings.receiverId, userId))
    .orderBy(desc(ratings.createdAt), desc(ratings.id));
  return rows.map((r) => presentReview(r.rating, r.senderName));
}

export async function ratingStats(ctx: AppContext, userId: string): Promise<RatingStatsDto> {
  const stats = (await ratingStatsFor(ctx.db, [userId])).get(userId);
  return { total_ratings: stats?.rating_count ?? 0, average_rating: stats?.avg_rating ?? 0 };
}

export async function checkRating(
  ctx: AppContext,
  actor: Actor,
  ids: { senderId: string; receiverId: string; projectId: string },
): Promise<RatingCheckDto> {
  if (!canCheckRating(actor, ids.senderId)) throw forbidden('You can only check your own ratings.');
  const [row] = await ctx.db
    .select({ rating: ratings, senderName: users.fullName })
    .from(ratings)
    .leftJoin(users, eq(users.id, ratings.senderId))
    .where(
      and(
        eq(ratings.senderId, ids.senderId),
        eq(ratings.receiverId, ids.receiverId),
        eq(ratings.projectId, ids.projectId),
      ),
    );
  return { rated: !!row, rating: row ? presentReview(row.rating, row.senderName) : null };
}

/**
 * GET /api/projects/completed/{clientId}/{engineerId}: the completed projects of that
 * client done by that engineer (the rating dialogs' choice), newest first, each saying
 * whether the caller has rated the other party for it.
 */
export async function sharedCompletedProjects(
  ctx: AppContext,
  actor: Actor,
  clientId: string,
  engineerId: string,
): Promise<CompletedProjectDto[]> {
  if (!canListSharedProjects(actor, clientId, engineerId))
    throw forbidden('You can only list projects you worked on.');
  const rows = await ctx.db
    .select({
      id: projects.id,
      title: projects.title,
      // When the escrow was released: an accepted submission, or staff settling a problem.
      completedAt: payments.releasedAt,
      rated: sql<boolean>`exists (select 1 from ${ratings} r where r.project_id = ${projects.id} and r.sender_id = ${actor.id})`,
      myRate: sql<
        number | null
      >`(select r.rate from ${ratings} r where r.project_id = ${projects.id} and r.sender_id = ${actor.id} limit 1)`,
    })
    .from(projects)
    .innerJoin(proposals, and(eq(proposals.projectId, projects.id), eq(proposals.status, 'accepted')))
    .leftJoin(payments, and(eq(payments.projectId, projects.id), isNotNull(payments.releasedAt)))
    .where(
      and(
        eq(projects.customerId, clientId),
        eq(proposals.engineerId, engineerId),
        eq(projects.status, 'completed'),
      ),
    )
    .orderBy(sql`${payments.releasedAt} desc nulls last`, desc(projects.createdAt));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    completed_at: (r.completedAt ?? new Date(0)).toISOString(),
    rated: Boolean(r.rated),
    my_rate: r.myRate === null ? null : Number(r.myRate),
  }));
}
