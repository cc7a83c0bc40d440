// Licence calls of docs/PRODUCT.md#api: an engineer's own licences, and the admin review of pending ones.
import type { LicenseDecision, LicenseDto, licenseInputSchema, PendingLicenseDto } from '@app/shared';
import type { z } from 'zod';
import { api } from '../../lib/api';

export type License = LicenseDto;
/** A licence waiting for review, with its engineer's name. */
export type PendingLicense = PendingLicenseDto;
export type LicenseInput = z.input<typeof licenseInputSchema>;

const licensesApi = api.injectEndpoints({
  endpoints: (build) => ({
    userLicenses: build.query<License[], string>({
      query: (userId) => `/engineer/license/user/${userId}`,
      providesTags: (_r, _e, userId) => [{ type: 'License', id: `user-${userId}` }],
    }),
    addLicense: build.mutation<License, { userId: string; body: LicenseInput }>({
      query: ({ userId, body }) => ({ url: `/engineer/license/${userId}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'License', id: `user-${userId}` },
        { type: 'License', id: 'PENDING' },
      ],
    }),
    updateLicense: build.mutation<License, { id: string; userId: string; body: LicenseInput }>({
      query: ({ id, body }) => ({ url: `/engineer/license/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'License', id: `user-${userId}` },
        { type: 'License', id: 'PENDING' },
      ],
    }),
    deleteLicense: build.mutation<unknown, { id: string; userId: string }>({
      query: ({ id }) => ({ url: `/engineer/license/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'License', id: `user-${userId}` },
        { type: 'License', id: 'PENDING' },
      ],
    }),
    pendingLicenses: build.query<PendingLicense[], void>({
      query: () => '/engineer/pending_license',
      providesTags: [{ type: 'License', id: 'PENDING' }],
    }),
    decideLicense: build.mutation<License, { id: string; body: LicenseDecision }>({
      query: ({ id, body }) => ({ url: `/engineer/license/${id}/status`, method: 'PATCH', body }),
      // The decided licence leaves the pending list at once; a refetch confirms it.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            licensesApi.util.updateQueryData('pendingLicenses', undefined, (list) =>
              list.filter((l) => l.id !== id),
            ),
          );
        } catch {
          // The caller shows the failure; the list stays as it was.
        }
      },
      invalidatesTags: (r) => [
        { type: 'License', id: 'PENDING' },
        ...(r
          ? [
              { type: 'License' as const, id: `user-${r.user_id}` },
              { type: 'Engineer' as const, id: r.user_id },
            ]
          : []),
      ],
    }),
  }),
});

export const {
  useUserLicensesQuery,
  useAddLicenseMutation,
  useUpdateLicenseMutation,
  useDeleteLicenseMutation,
  usePendingLicensesQuery,
  useDecideLicenseMutation,
} = licensesApi;
