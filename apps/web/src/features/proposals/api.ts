// Proposal calls of docs/PRODUCT.md#api: apply (after the eligibility check), the engineer's own
// proposals, the owner's list, the count others see, edit, withdraw and reject.
import type {
  CreateProposalBody,
  EligibilityDto,
  EngineerProposalDto,
  EngineerSetupDto,
  ProjectProposalDto,
  ProposalDto,
  ProposalStatusBody,
  UpdateProposalBody,
} from '@app/shared';
import { api } from '../../lib/api';

export type Proposal = ProposalDto;
export type ProjectProposal = ProjectProposalDto;
export type EngineerProposal = EngineerProposalDto;

const proposalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectProposals: build.query<ProjectProposal[], string>({
      query: (projectId) => `/proposals/project/${encodeURIComponent(projectId)}`,
      providesTags: (_r, _e, projectId) => [{ type: 'Proposal', id: `project-${projectId}` }],
    }),
    proposalCount: build.query<{ count: number }, string>({
      query: (projectId) => `/proposals/project/${encodeURIComponent(projectId)}/count`,
      providesTags: (_r, _e, projectId) => [{ type: 'Proposal', id: `project-${projectId}` }],
    }),
    engineerProposals: build.query<EngineerProposal[], string>({
      query: (engineerId) => `/proposals/engineer/${encodeURIComponent(engineerId)}`,
      providesTags: [{ type: 'Proposal', id: 'MINE' }],
    }),
    /** Asked when Apply Now shows and again just before the dialog opens, never served stale. */
    eligibility: build.query<EligibilityDto, string>({
      query: (projectId) => `/proposals/eligibility/${encodeURIComponent(projectId)}`,
      keepUnusedDataFor: 0,
      providesTags: (_r, _e, projectId) => [{ type: 'Proposal', id: `project-${projectId}` }],
    }),
    /** The signed-in engineer's checklist; `userId` names the tags its steps change with. */
    engineerSetup: build.query<EngineerSetupDto, string>({
      query: () => '/proposals/setup',
      providesTags: (_r, _e, userId) => [
        { type: 'License', id: `user-${userId}` },
        { type: 'Account', id: `engineer-${userId}` },
        'PayoutAccount',
      ],
    }),
    createProposal: build.mutation<Proposal, { engineerId: string; body: CreateProposalBody }>({
      query: ({ engineerId, body }) => ({
        url: `/proposals/create/${encodeURIComponent(engineerId)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { body }) => [
        { type: 'Proposal', id: 'MINE' },
        { type: 'Proposal', id: `project-${body.project_id}` },
      ],
    }),
    updateProposal: build.mutation<
      Proposal,
      { proposalId: string; projectId: string; body: UpdateProposalBody }
    >({
      query: ({ proposalId, body }) => ({
        url: `/proposals/update/${encodeURIComponent(proposalId)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { projectId }) => [
        { type: 'Proposal', id: 'MINE' },
        { type: 'Proposal', id: `project-${projectId}` },
      ],
    }),
    withdrawProposal: build.mutation<unknown, { proposalId: string; projectId: string }>({
      query: ({ proposalId }) => ({
        url: `/proposals/withdraw/${encodeURIComponent(proposalId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { projectId }) => [
        { type: 'Proposal', id: 'MINE' },
        { type: 'Proposal', id: `project-${projectId}` },
      ],
    }),
    setProposalStatus: build.mutation<
      unknown,
      { userId: string; projectId: string; body: ProposalStatusBody }
    >({
      query: ({ userId, body }) => ({
        url: `/proposals/status/${encodeURIComponent(userId)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { projectId }) => [
        { type: 'Proposal', id: `project-${projectId}` },
        { type: 'Project', id: projectId },
      ],
    }),
  }),
});

export const {
  useProjectProposalsQuery,
  useProposalCountQuery,
  useEngineerProposalsQuery,
  useLazyEligibilityQuery,
  useEligibilityQuery,
  useEngineerSetupQuery,
  useCreateProposalMutation,
  useUpdateProposalMutation,
  useWithdrawProposalMutation,
  useSetProposalStatusMutation,
} = proposalsApi;
