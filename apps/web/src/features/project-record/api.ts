// GET /api/projects/{id}/record: the project's chained record and its verdict.
import type { ProjectRecordDto } from '@app/shared';
import { api } from '../../lib/api';

const recordApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectRecord: build.query<ProjectRecordDto, string>({
      query: (projectId) => `/projects/${projectId}/record`,
    }),
  }),
});

export const { useProjectRecordQuery } = recordApi;
