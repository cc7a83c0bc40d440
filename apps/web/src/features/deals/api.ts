// GET /api/projects/{id}/deal (docs/DEALS.md): the project's deal — its state, escrow, dates,
// where the money went and what the caller may do (`abilities`). Every move of a deal arrives
// as `deal-changed` and reads it again (lib/dealEvents.ts).
import type { DealDto } from '@app/shared';
import { api } from '../../lib/api';

const dealsApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectDeal: build.query<DealDto | null, string>({
      query: (projectId) => `/projects/${encodeURIComponent(projectId)}/deal`,
      providesTags: (_r, _e, projectId) => [{ type: 'Deal', id: projectId }],
    }),
  }),
});

export const { useProjectDealQuery } = dealsApi;
