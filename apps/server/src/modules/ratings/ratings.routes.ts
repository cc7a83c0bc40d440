// /api/ratings (docs/PRODUCT.md#api) and the rating dialogs' project choice. Routes parse and call.
import {
  completedProjectSchema,
  completedProjectsParamsSchema,
  createRatingBodySchema,
  ratingCheckParamsSchema,
  ratingCheckSchema,
  ratingStatsSchema,
  reviewSchema,
  userIdParamsSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../access/index.ts';
import {
  checkRating,
  createRating,
  listReviews,
  ratingStats,
  sharedCompletedProjects,
} from './ratings.service.ts';

const caller = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role };
};

const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['ratings'];
  const security = [{ bearer: [] }];

  app.post(
    '/ratings',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Rate the other party of a completed project you share (1 to 5, comment optional), once per project; the sender is the caller',
        body: createRatingBodySchema,
        response: { 201: reviewSchema },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return createRating(app.ctx, caller(req), req.body);
    },
  );

  app.get(
    '/ratings/user/:userId',
    {
      schema: {
        tags,
        summary: 'The reviews a user received, newest first (public, as on profiles)',
        params: userIdParamsSchema,
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (req) => listReviews(app.ctx, req.params.userId),
  );

  app.get(
    '/ratings/stats/:userId',
    {
      schema: {
        tags,
        summary: "A user's average rating (two decimals) and number of ratings (public)",
        params: userIdParamsSchema,
        response: { 200: ratingStatsSchema },
      },
    },
    async (req) => ratingStats(app.ctx, req.params.userId),
  );

  app.get(
    '/ratings/check/:senderId/:receiverId/:projectId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Whether the sender has rated the receiver for the project (asked by that sender or an admin)',
        params: ratingCheckParamsSchema,
        response: { 200: ratingCheckSchema },
      },
    },
    async (req) => checkRating(app.ctx, caller(req), req.params),
  );

  app.get(
    '/projects/completed/:clientId/:engineerId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'The completed projects of a client done by an engineer, each saying whether the caller rated the other party for it (either of the two, or an admin)',
        params: completedProjectsParamsSchema,
        response: { 200: z.array(completedProjectSchema) },
      },
    },
    async (req) => sharedCompletedProjects(app.ctx, caller(req), req.params.clientId, req.params.engineerId),
  );
};

export default ratingRoutes;
