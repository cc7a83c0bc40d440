// Submission calls of docs/PRODUCT.md#api: a project's versions of the deliverable, an engineer's
// submissions across projects, sending and editing a version, and the client's decision.
import type {
  CreateSubmissionBody,
  DecideSubmissionBody,
  ProjectSubmissionsDto,
  SealCheckBody,
  SealCheckDto,
  SubmissionDto,
  SubmissionFilter,
  SubmissionSort,
  UpdateSubmissionBody,
} from '@app/shared';
import { api } from '../../lib/api';

export type Submission = SubmissionDto;
export type ProjectSubmissions = ProjectSubmissionsDto;
export type SubmissionListArgs = { status: SubmissionFilter; sort: SubmissionSort };

const submissionsApi = api.enhanceEndpoints({ addTagTypes: ['Submission'] }).injectEndpoints({
  endpoints: (build) => ({
    projectSubmissions: build.query<ProjectSubmissions, { projectId: string } & SubmissionListArgs>({
      query: ({ projectId, status, sort }) => ({
        url: `/submissions/project/${encodeURIComponent(projectId)}`,
        params: { status, sort },
      }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'Submission', id: `project-${projectId}` }],
    }),
    engineerSubmissions: build.query<Submission[], { engineerId: string } & SubmissionListArgs>({
      query: ({ engineerId, status, sort }) => ({
        url: `/submissions/engineer/${encodeURIComponent(engineerId)}`,
        params: { status, sort },
      }),
      providesTags: [{ type: 'Submission', id: 'MINE' }],
    }),
    // The seal verdict of an upload, before it is sent (a check, not a change: nothing to invalidate).
    checkSeal: build.mutation<SealCheckDto, SealCheckBody>({
      query: (body) => ({ url: '/seals/check', method: 'POST', body }),
    }),
    createSubmission: build.mutation<Submission, CreateSubmissionBody>({
      query: (body) => ({ url: '/submissions', method: 'POST', body }),
      // The first version puts the project in progress.
      invalidatesTags: (_r, _e, { project_id }) => [
        { type: 'Submission', id: `project-${project_id}` },
        { type: 'Submission', id: 'MINE' },
        { type: 'Project', id: project_id },
        { type: 'Project', id: 'LIST' },
      ],
    }),
    updateSubmission: build.mutation<
      Submission,
      { id: string; projectId: string; body: UpdateSubmissionBody }
    >({
      query: ({ id, body }) => ({ url: `/submissions/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { projectId }) => [
        { type: 'Submission', id: `project-${projectId}` },
        { type: 'Submission', id: 'MINE' },
      ],
    }),
    decideSubmission: build.mutation<
      Submission,
      { id: string; projectId: string; body: DecideSubmissionBody }
    >({
      query: ({ id, body }) => ({
        url: `/submissions/${encodeURIComponent(id)}/approve`,
        method: 'PATCH',
        body,
      }),
      // Accepting completes the project and releases its payment (no refund from then on).
      invalidatesTags: (_r, _e, { projectId }) => [
        { type: 'Submission', id: `project-${projectId}` },
        { type: 'Submission', id: 'MINE' },
        { type: 'Project', id: projectId },
        { type: 'Project', id: 'LIST' },
        { type: 'Payment', id: 'MINE' },
        { type: 'Payment', id: 'ORDERS' },
      ],
    }),
  }),
});

export const {
  useProjectSubmissionsQuery,
  useEngineerSubmissionsQuery,
  useCreateSubmissionMutation,
  useCheckSealMutation,
  useUpdateSubmissionMutation,
  useDecideSubmissionMutation,
} = submissionsApi;
