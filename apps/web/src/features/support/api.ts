// Support tickets (docs/PRODUCT.md#api Contact and support): the customer's portal and the staff desk.
import type {
  CreateTicketInput,
  Ticket,
  TicketListQuery,
  TicketPage,
  TicketReply,
  UpdateTicketInput,
} from '@app/shared';
import { api } from '../../lib/api';

export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyTickets: build.query<Ticket[], void>({
      query: () => '/support/my-tickets',
      providesTags: (list) => [
        { type: 'Ticket', id: 'LIST' },
        ...(list ?? []).map((t) => ({ type: 'Ticket' as const, id: t.id })),
      ],
    }),
    getTickets: build.query<TicketPage, TicketListQuery>({
      query: (params) => ({ url: '/support', params }),
      providesTags: (page) => [
        { type: 'Ticket', id: 'LIST' },
        ...(page?.items ?? []).map((t) => ({ type: 'Ticket' as const, id: t.id })),
      ],
    }),
    getTicket: build.query<Ticket, string>({
      query: (id) => `/support/${encodeURIComponent(id)}`,
      providesTags: (_t, _e, id) => [{ type: 'Ticket', id }],
    }),
    getTicketReplies: build.query<TicketReply[], string>({
      query: (id) => `/support/${encodeURIComponent(id)}/replies`,
      providesTags: (_r, _e, id) => [{ type: 'TicketReply', id }],
    }),
    createTicket: build.mutation<Ticket, CreateTicketInput>({
      query: (body) => ({ url: '/support', method: 'POST', body }),
      invalidatesTags: [{ type: 'Ticket', id: 'LIST' }],
    }),
    sendTicketReply: build.mutation<
      TicketReply,
      { id: string; message: string; attachments?: string | null }
    >({
      query: ({ id, message, attachments }) => ({
        url: `/support/${encodeURIComponent(id)}/replies`,
        method: 'POST',
        body: { message, ...(attachments ? { attachments } : {}) },
      }),
      // A customer's answer can reopen a closed ticket, so the ticket is read again too.
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'TicketReply', id },
        { type: 'Ticket', id },
      ],
    }),
    updateTicket: build.mutation<Ticket, { id: string; body: UpdateTicketInput }>({
      query: ({ id, body }) => ({ url: `/support/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Ticket', id },
        { type: 'Ticket', id: 'LIST' },
      ],
    }),
    deleteTicket: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/support/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Ticket', id },
        { type: 'Ticket', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useGetMyTicketsQuery,
  useGetTicketsQuery,
  useGetTicketQuery,
  useGetTicketRepliesQuery,
  useCreateTicketMutation,
  useSendTicketReplyMutation,
  useUpdateTicketMutation,
  useDeleteTicketMutation,
} = supportApi;
