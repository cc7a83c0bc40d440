// Route guards: who may call a route at all. Which rows they may touch is each
// feature's policy.
import type { Role } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema/index.ts';
import { bearerToken } from '../../lib/bearer.ts';
import { forbidden, unauthenticated } from '../../lib/errors.ts';
import { findSessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser` (or `optionalUser`). */
    user?: UserRow;
  }
}

export async function optionalUser(req: FastifyRequest): Promise<void> {
  const token = bearerToken(req.headers.authorization);
  if (token) req.user = (await findSessionUser(req.server.ctx.db, token)) ?? undefined;
}

export async function requireUser(req: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  await optionalUser(req);
  if (!req.user) throw unauthenticated();
}

export function requireRole(...roles: Role[]) {
  return async (req: FastifyRequest) => {
    await requireUser(req);
    if (!roles.includes(req.user!.role)) throw forbidden();
  };
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthenticated();
  return req.user;
}
