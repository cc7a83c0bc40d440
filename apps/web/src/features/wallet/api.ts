// The wallet and payout calls of docs/PRODUCT.md#api (GET /wallet/{userId}, GET /wallet/payouts/user/{userId},
// GET /payout/user/{userId}): the engineer's balance, the payments released to them, and
// their payouts. Types are the server's own (packages/shared/src/payouts.ts).
import type { PayoutDto, WalletDto, WalletTransactionDto } from '@app/shared';
import { api } from '../../lib/api';

const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    wallet: build.query<WalletDto, string>({
      query: (userId) => `/wallet/${userId}`,
      providesTags: ['Wallet'],
    }),
    walletTransactions: build.query<WalletTransactionDto[], string>({
      query: (userId) => `/wallet/payouts/user/${userId}`,
      providesTags: ['Wallet', 'Payout'],
    }),
    payouts: build.query<PayoutDto[], string>({
      query: (userId) => `/payout/user/${userId}`,
      providesTags: ['Payout'],
    }),
  }),
});

export const { useWalletQuery, useWalletTransactionsQuery, usePayoutsQuery } = walletApi;
