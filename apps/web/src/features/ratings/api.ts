// Rating calls of docs/PRODUCT.md#api: whether the caller rated someone for a project, rating them, the
// reviews and stats of a user, and the completed projects a client and an engineer share.
import type {
  CompletedProjectDto,
  CreateRatingBody,
  RatingCheckDto,
  RatingStatsDto,
  ReviewDto,
} from '@app/shared';
import { api } from '../../lib/api';

export type Review = ReviewDto;
export type CompletedProject = CompletedProjectDto;

const ratingsApi = api.enhanceEndpoints({ addTagTypes: ['Rating'] }).injectEndpoints({
  endpoints: (build) => ({
    ratingCheck: build.query<RatingCheckDto, { senderId: string; receiverId: string; projectId: string }>({
      query: ({ senderId, receiverId, projectId }) =>
        `/ratings/check/${encodeURIComponent(senderId)}/${encodeURIComponent(receiverId)}/${encodeURIComponent(projectId)}`,
      providesTags: (_r, _e, { senderId }) => [{ type: 'Rating', id: `sent-${senderId}` }],
    }),
    userReviews: build.query<Review[], string>({
      // docs/PRODUCT.md#api: a 404 means no ratings yet.
      queryFn: async (userId, _api, _extra, baseQuery) => {
        const res = await baseQuery(`/ratings/user/${encodeURIComponent(userId)}`);
        if (res.error?.status === 404) return { data: [] };
        if (res.error) return { error: res.error };
        return { data: res.data as Review[] };
      },
      providesTags: (_r, _e, userId) => [{ type: 'Rating', id: `received-${userId}` }],
    }),
    ratingStats: build.query<RatingStatsDto, string>({
      query: (userId) => `/ratings/stats/${encodeURIComponent(userId)}`,
      providesTags: (_r, _e, userId) => [{ type: 'Rating', id: `received-${userId}` }],
    }),
    completedProjects: build.query<CompletedProject[], { clientId: string; engineerId: string }>({
      query: ({ clientId, engineerId }) =>
        `/projects/completed/${encodeURIComponent(clientId)}/${encodeURIComponent(engineerId)}`,
      providesTags: [{ type: 'Rating', id: 'SHARED' }],
    }),
    createRating: build.mutation<Review, CreateRatingBody>({
      query: (body) => ({ url: '/ratings', method: 'POST', body }),
      // The receiver's averages show on their profile, cards and the project page.
      invalidatesTags: (_r, _e, { sender_id, receiver_id }) => [
        { type: 'Rating', id: `sent-${sender_id}` },
        { type: 'Rating', id: `received-${receiver_id}` },
        { type: 'Rating', id: 'SHARED' },
        { type: 'Engineer', id: receiver_id },
        { type: 'Engineer', id: `reviews-${receiver_id}` },
        { type: 'Engineer', id: 'LIST' },
        'Project',
      ],
    }),
  }),
});

export const {
  useRatingCheckQuery,
  useUserReviewsQuery,
  useRatingStatsQuery,
  useCompletedProjectsQuery,
  useCreateRatingMutation,
} = ratingsApi;
