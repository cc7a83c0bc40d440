// Payout account calls of spec §7 (the card provider's Connect account of an engineer).
import { api } from '../../lib/api';

export type PayoutAccountStatus = { accountId: string | null; payoutsEnabled: boolean };

const payoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    payoutAccountStatus: build.query<PayoutAccountStatus, void>({
      query: () => '/stripe/connect/status',
      providesTags: ['PayoutAccount'],
    }),
    connectPayoutAccount: build.mutation<{ onboardingUrl: string }, { email: string; country: string }>({
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
