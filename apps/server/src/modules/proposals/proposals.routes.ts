import {
  createProposalBodySchema,
  eligibilitySchema,
  engineerProposalSchema,
  engineerSetupSchema,
  idParamsSchema,
  invitationParamsSchema,
  invitationSchema,
  messageSchema,
  PROPOSAL_MESSAGES,
  projectProposalSchema,
  proposalCountSchema,
  proposalEngineerIdParamsSchema,
  proposalIdParamsSchema,
  proposalProjectIdParamsSchema,
  proposalSchema,
  proposalStatusBodySchema,
  proposalStatusFilterQuerySchema,
  updateProposalBodySchema,
  userIdParamsSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../access/index.ts';
import { sendInvitation } from './invitations.service.ts';
import {
  checkEligibility,
  countProposals,
  createProposal,
  getEngineerSetup,
  getProposal,
  listEngineerProposals,
  listProjectProposals,
  setProposalStatus,
  updateProposal,
  withdrawProposal,
} from './proposals.service.ts';

const caller = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role, fullName: u.fullName };
};

const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['proposals'];
  const security = [{ bearer: [] }];

  app.post(
    '/proposals/create/:engineerId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Apply to an open project (engineers, as themselves); proposed_amount in cents',
        params: proposalEngineerIdParamsSchema,
        body: createProposalBodySchema,
        response: { 201: proposalSchema.extend({ message: z.string() }) },
      },
    },
    async (req, reply) => {
      const proposal = await createProposal(app.ctx, caller(req), req.params.engineerId, req.body);
      return reply.status(201).send({ ...proposal, message: PROPOSAL_MESSAGES.submitted });
    },
  );

  app.get(
    '/proposals/setup',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The engineer's checklist before proposing: profile, license, verification, payout account",
        response: { 200: engineerSetupSchema },
      },
    },
    async (req) => getEngineerSetup(app.ctx, caller(req)),
  );

  app.get(
    '/proposals/eligibility/:projectId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Whether the caller may apply to the project, with the message to show when not',
        params: proposalProjectIdParamsSchema,
        response: { 200: eligibilitySchema },
      },
    },
    async (req) => checkEligibility(app.ctx, caller(req), req.params.projectId),
  );

  app.get(
    '/proposals/project/:projectId/count',
    {
      schema: {
        tags,
        summary: 'How many proposals a project has (public)',
        params: proposalProjectIdParamsSchema,
        response: { 200: proposalCountSchema },
      },
    },
    async (req) => countProposals(app.ctx, req.params.projectId),
  );

  app.get(
    '/proposals/project/:projectId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A project's proposals with each engineer's name and picture (owner only)",
        params: proposalProjectIdParamsSchema,
        response: { 200: z.array(projectProposalSchema) },
      },
    },
    async (req) => listProjectProposals(app.ctx, caller(req), req.params.projectId),
  );

  app.get(
    '/proposals/engineer/:engineerId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's proposals with each project's title and status, newest first",
        params: proposalEngineerIdParamsSchema,
        querystring: proposalStatusFilterQuerySchema,
        response: { 200: z.array(engineerProposalSchema) },
      },
    },
    async (req) => listEngineerProposals(app.ctx, caller(req), req.params.engineerId, req.query.status),
  );

  app.get(
    '/proposals/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One proposal (its engineer or the project owner)',
        params: idParamsSchema,
        response: { 200: proposalSchema },
      },
    },
    async (req) => getProposal(app.ctx, caller(req), req.params.id),
  );

  app.put(
    '/proposals/update/:proposalId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Change your pending proposal',
        params: proposalIdParamsSchema,
        body: updateProposalBodySchema,
        response: { 200: proposalSchema },
      },
    },
    async (req) => updateProposal(app.ctx, caller(req), req.params.proposalId, req.body),
  );

  app.delete(
    '/proposals/withdraw/:proposalId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Withdraw your pending proposal',
        params: proposalIdParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await withdrawProposal(app.ctx, caller(req), req.params.proposalId);
      return { message: PROPOSAL_MESSAGES.withdrawn };
    },
  );

  app.put(
    '/proposals/status/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Reject a pending proposal of your project. Acceptance goes through contract and checkout, so "accepted" answers 400.',
        params: userIdParamsSchema,
        body: proposalStatusBodySchema,
        response: { 200: proposalSchema },
      },
    },
    async (req) => setProposalStatus(app.ctx, caller(req), req.params.userId, req.body),
  );

  app.post(
    '/proposals/send_invitation/:projectId/:engineerUserId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Invite an engineer to one of your open projects (clients); inviting the same engineer twice answers 409',
        params: invitationParamsSchema,
        response: { 201: invitationSchema },
      },
    },
    async (req, reply) => {
      const invitation = await sendInvitation(
        app.ctx,
        caller(req),
        req.params.projectId,
        req.params.engineerUserId,
      );
      return reply.status(201).send(invitation);
    },
  );
};
export default proposalRoutes;
