// Job alerts: the engineer's mail choice and saved searches (docs/ALERTS.md).
import type {
  AlertSettingsDto,
  AlertSettingsInput,
  SavedSearchCreateInput,
  SavedSearchDto,
  SavedSearchUpdateInput,
} from '@app/shared';
import { api } from '../../lib/api';

const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    alertSettings: build.query<AlertSettingsDto, void>({
      query: () => '/alerts/settings',
      providesTags: [{ type: 'Alert', id: 'SETTINGS' }],
    }),
    // Optimistic: the choice shows at once and is put back if the server refuses.
    setAlertSettings: build.mutation<AlertSettingsDto, AlertSettingsInput>({
      query: (body) => ({ url: '/alerts/settings', method: 'PUT', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          alertsApi.util.updateQueryData('alertSettings', undefined, (draft) => {
            draft.mail_mode = body.mail_mode;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    savedSearches: build.query<SavedSearchDto[], void>({
      query: () => '/alerts/searches',
      providesTags: [{ type: 'Alert', id: 'SEARCHES' }],
    }),
    createSavedSearch: build.mutation<SavedSearchDto, SavedSearchCreateInput>({
      query: (body) => ({ url: '/alerts/searches', method: 'POST', body }),
      invalidatesTags: [{ type: 'Alert', id: 'SEARCHES' }],
    }),
    // Optimistic like the mail choice: a checkbox answers at once. The server's row then
    // replaces it, with no refetch that could land after a second change and undo it.
    updateSavedSearch: build.mutation<SavedSearchDto, { id: string; body: SavedSearchUpdateInput }>({
      query: ({ id, body }) => ({ url: `/alerts/searches/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      async onQueryStarted({ id, body }, { dispatch, queryFulfilled }) {
        const put = (fields: Partial<SavedSearchDto>) =>
          dispatch(
            alertsApi.util.updateQueryData('savedSearches', undefined, (list) => {
              const row = list.find((s) => s.id === id);
              if (row) Object.assign(row, fields);
            }),
          );
        const patch = put(body);
        try {
          put((await queryFulfilled).data);
        } catch {
          patch.undo();
        }
      },
    }),
    deleteSavedSearch: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/alerts/searches/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Alert', id: 'SEARCHES' }],
    }),
  }),
});

export const {
  useAlertSettingsQuery,
  useSetAlertSettingsMutation,
  useSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
  useDeleteSavedSearchMutation,
} = alertsApi;
