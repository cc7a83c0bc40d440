// Problems on a project (disputes): reported from the project page by its client or hired
// engineer, settled by staff from the support desk (apps/server/src/modules/disputes).
import type { DisputeDto, ReportProblemBody, SettleBody } from '@app/shared';
import { api } from '../../lib/api';

const disputesApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectDispute: build.query<DisputeDto | null, string>({
      query: (projectId) => `/projects/${projectId}/dispute`,
      providesTags: ['Dispute'],
    }),
    ticketDispute: build.query<DisputeDto | null, string>({
      query: (ticketId) => `/disputes/ticket/${ticketId}`,
      providesTags: ['Dispute'],
    }),
    reportProblem: build.mutation<DisputeDto, { projectId: string } & ReportProblemBody>({
      query: ({ projectId, ...body }) => ({ url: `/projects/${projectId}/problem`, method: 'POST', body }),
      invalidatesTags: ['Dispute', 'Deal', 'Project', 'ProjectRecord', 'Ticket', 'Payment'],
    }),
    /** The reporter takes the problem back: the deal goes on where it was and the ticket closes. */
    withdrawProblem: build.mutation<DisputeDto, { projectId: string }>({
      query: ({ projectId }) => ({
        url: `/projects/${encodeURIComponent(projectId)}/problem/withdraw`,
        method: 'POST',
      }),
      invalidatesTags: ['Dispute', 'Deal', 'ProjectRecord', 'Project', 'Ticket', 'TicketReply', 'Payment'],
    }),
    resolveDispute: build.mutation<DisputeDto, { id: string } & SettleBody>({
      query: ({ id, ...body }) => ({ url: `/disputes/${id}/resolve`, method: 'POST', body }),
      invalidatesTags: [
        'Dispute',
        'Deal',
        'ProjectRecord',
        'Project',
        'Ticket',
        'TicketReply',
        'Payment',
        'Finance',
        'Wallet',
        'Payout',
      ],
    }),
  }),
});

export const {
  useProjectDisputeQuery,
  useTicketDisputeQuery,
  useReportProblemMutation,
  useResolveDisputeMutation,
  useWithdrawProblemMutation,
} = disputesApi;
