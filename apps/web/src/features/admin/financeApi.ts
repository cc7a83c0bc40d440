// GET /api/admin/finance: the staff's daily money summary, read from the ledger on the server.
import type { FinanceSummaryDto } from '@app/shared';
import { api } from '../../lib/api';

const financeApi = api.injectEndpoints({
  endpoints: (build) => ({
    financeSummary: build.query<FinanceSummaryDto, void>({
      query: () => '/admin/finance',
      providesTags: ['Finance'],
    }),
  }),
});

export const { useFinanceSummaryQuery } = financeApi;
