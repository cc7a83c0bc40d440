// Payment calls of docs/PRODUCT.md#api: the contract and checkout, the success page's check, a client's
// payment history and refunds, and the admins' order list (Load More over ?page=n).
import {
  type CheckoutSessionBody,
  type ContractDto,
  ORDERS_PAGE_SIZE,
  type OrderDto,
  type OrderEscrowFilter,
  type PaymentDto,
  type PaymentStatus,
  type VerifySessionDto,
} from '@app/shared';
import { api } from '../../lib/api';

/** The admin Orders filters; dates are 'YYYY-MM-DD' (inclusive UTC days), '' for none. */
export type OrdersFilter = {
  status: PaymentStatus | 'all';
  start: string;
  end: string;
  /** What happened to the money of the payment's deal (held, released, refunded...). */
  escrow: OrderEscrowFilter;
};

const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Read each time the dialog opens: the text signed must be the one the server renders now. */
    contract: build.query<ContractDto, string>({
      query: (proposalId) => `/payments/contract/${encodeURIComponent(proposalId)}`,
      keepUnusedDataFor: 0,
    }),
    startCheckout: build.mutation<{ url: string }, CheckoutSessionBody>({
      query: (body) => ({ url: '/payments/checkout-session', method: 'POST', body }),
    }),
    verifySession: build.query<VerifySessionDto, string>({
      query: (sessionId) => `/payments/verify-session/${encodeURIComponent(sessionId)}`,
      keepUnusedDataFor: 0,
    }),
    userPayments: build.query<PaymentDto[], string>({
      query: (userId) => `/payments/user/${encodeURIComponent(userId)}`,
      providesTags: [{ type: 'Payment', id: 'MINE' }],
    }),
    requestRefund: build.mutation<{ message: string; payment: PaymentDto }, { paymentId: string }>({
      query: (body) => ({ url: '/payments/refund', method: 'POST', body }),
      // A refund puts the project back to open and rejects the proposal.
      invalidatesTags: (_r, _e) => [
        { type: 'Payment', id: 'MINE' },
        { type: 'Payment', id: 'ORDERS' },
        'Project',
        'Proposal',
        'Deal',
      ],
    }),
    orders: build.infiniteQuery<OrderDto[], OrdersFilter, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        // A page shorter than the page size is the last one.
        getNextPageParam: (lastPage, _all, lastPageParam) =>
          lastPage.length < ORDERS_PAGE_SIZE ? undefined : lastPageParam + 1,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/payments/all_payments',
        params: {
          page: pageParam,
          ...(queryArg.status !== 'all' ? { status: queryArg.status } : {}),
          ...(queryArg.start ? { start: queryArg.start } : {}),
          ...(queryArg.end ? { end: queryArg.end } : {}),
          ...(queryArg.escrow !== 'all' ? { escrow: queryArg.escrow } : {}),
        },
      }),
      providesTags: [{ type: 'Payment', id: 'ORDERS' }],
    }),
  }),
});

export const {
  useContractQuery,
  useStartCheckoutMutation,
  useLazyVerifySessionQuery,
  useUserPaymentsQuery,
  useRequestRefundMutation,
  useOrdersInfiniteQuery,
} = paymentsApi;
