// The engineer directory and public profile of docs/PRODUCT.md#screens, #api.
import type {
  EngineerCardDto,
  EngineerDirectoryDto,
  EngineerDirectoryQuery,
  EngineerProfileDto,
  ReviewDto,
} from '@app/shared';
import { api } from '../../lib/api';

export type EngineerListItem = EngineerCardDto;
export type EngineerPage = EngineerDirectoryDto;
/** The directory's filters as the server reads them (rates in cents). */
export type EngineerFilters = Partial<Record<keyof EngineerDirectoryQuery, string | number>>;
export type EngineerProfile = EngineerProfileDto;

export type Review = ReviewDto;

const engineersApi = api.injectEndpoints({
  endpoints: (build) => ({
    engineers: build.query<EngineerPage, EngineerFilters>({
      query: (filters) => {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries(filters)) {
          if (v !== undefined && v !== '' && v !== null) params.set(k, String(v));
        }
        const qs = params.toString();
        return `/engineer/account${qs ? `?${qs}` : ''}`;
      },
      providesTags: [{ type: 'Engineer', id: 'LIST' }],
    }),
    engineerProfile: build.query<EngineerProfile, string>({
      query: (userId) => `/engineer/account/id/${userId}`,
      providesTags: (_r, _e, userId) => [{ type: 'Engineer', id: userId }],
    }),
    engineerReviews: build.query<Review[], string>({
      // docs/PRODUCT.md#api: a 404 means no ratings yet.
      queryFn: async (userId, _api, _extra, baseQuery) => {
        const res = await baseQuery(`/ratings/user/${userId}`);
        if (res.error?.status === 404) return { data: [] };
        if (res.error) return { error: res.error };
        return { data: res.data as Review[] };
      },
      providesTags: (_r, _e, userId) => [{ type: 'Engineer', id: `reviews-${userId}` }],
    }),
  }),
});

export const { useEngineersQuery, useEngineerProfileQuery, useEngineerReviewsQuery } = engineersApi;
