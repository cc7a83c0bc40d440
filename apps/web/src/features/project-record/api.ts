// GET /api/projects/{id}/record: the project's chained record and its verdict.
import type { ProjectRecordDto } from '@app/shared';
import { api } from '../../lib/api';

const recordApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectRecord: build.query<ProjectRecordDto, string>({
      query: (projectId) => `/projects/${projectId}/record`,
      providesTags: (_r, _e, projectId) => [{ type: 'ProjectRecord', id: projectId }],
    }),
  }),
});

export const { useProjectRecordQuery } = recordApi;
