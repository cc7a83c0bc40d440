// Payout account calls of docs/PRODUCT.md#api (the card provider's Connect account of an engineer).
import type { ConnectRequest, ConnectStatus } from '@app/shared';
import { api } from '../../lib/api';

const payoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    payoutAccountStatus: build.query<ConnectStatus, void>({
      query: () => '/stripe/connect/status',
      providesTags: ['PayoutAccount'],
    }),
    connectPayoutAccount: build.mutation<{ onboardingUrl: string }, ConnectRequest>({
      query: (body) => ({ url: '/stripe/connect', method: 'POST', body }),
      invalidatesTags: ['PayoutAccount'],
    }),
    payoutDashboardLink: build.mutation<{ loginUrl: string }, void>({
      query: () => ({ url: '/stripe/connect/login', method: 'POST' }),
    }),
  }),
});

export const {
  usePayoutAccountStatusQuery,
  useLazyPayoutAccountStatusQuery,
  useConnectPayoutAccountMutation,
  usePayoutDashboardLinkMutation,
} = payoutsApi;
