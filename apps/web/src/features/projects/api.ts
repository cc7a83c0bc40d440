// Project calls of docs/PRODUCT.md#api (the public search behind /explore is not here: the page asks it
// without the store, lib/usePublicQuery.ts): one project with its
// client, a client's and an engineer's projects, and create / update / delete.
import type {
  CreateProjectBody,
  CustomerProjectDto,
  EngineerProjectDto,
  ProjectDetailDto,
  ProjectDto,
  ProjectListDto,
  ProjectSort,
  UpdateProjectBody,
} from '@app/shared';
import { api } from '../../lib/api';

export type Project = ProjectDto;
export type ProjectDetails = ProjectDetailDto;
export type ProjectPage = ProjectListDto;
export type ProjectListItem = ProjectListDto['items'][number];

/** What /explore asks GET /projects for; every key optional, amounts in cents. */
export type ProjectSearch = Partial<{
  q: string;
  specialization: string;
  license_type: string;
  country: string;
  state: string;
  min_budget: number;
  max_budget: number;
  urgency: string;
  status: string;
  sort: ProjectSort;
  page: number;
}>;

const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    project: build.query<ProjectDetails, string>({
      query: (id) => `/projects/id/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Project', id }],
    }),
    customerProjects: build.query<CustomerProjectDto[], { clientId: string; status?: 'open' }>({
      query: ({ clientId, status }) => ({
        url: `/projects/customer/${encodeURIComponent(clientId)}`,
        params: status ? { status } : undefined,
      }),
      providesTags: [{ type: 'Project', id: 'LIST' }],
    }),
    engineerProjects: build.query<EngineerProjectDto[], string>({
      query: (engineerId) => `/projects/engineer/${encodeURIComponent(engineerId)}`,
      providesTags: [{ type: 'Project', id: 'LIST' }],
    }),
    createProject: build.mutation<Project, { userId: string; body: CreateProjectBody }>({
      query: ({ userId, body }) => ({ url: `/projects/${encodeURIComponent(userId)}`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Project', id: 'LIST' }],
    }),
    updateProject: build.mutation<Project, { id: string; body: UpdateProjectBody }>({
      query: ({ id, body }) => ({ url: `/projects/${encodeURIComponent(id)}`, method: 'PUT', body }),
      // The project's record tells the edit too.
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Project', id },
        { type: 'Project', id: 'LIST' },
        'ProjectRecord',
      ],
    }),
    deleteProject: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/projects/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Project', id: 'LIST' }],
    }),
  }),
});

export const {
  useProjectQuery,
  useCustomerProjectsQuery,
  useEngineerProjectsQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
} = projectsApi;
