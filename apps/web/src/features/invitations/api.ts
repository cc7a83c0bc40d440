// POST /api/proposals/send_invitation/{projectId}/{engineerUserId} (docs/PRODUCT.md#api).
import type { InvitationDto } from '@app/shared';
import { api } from '../../lib/api';

const invitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendInvitation: build.mutation<InvitationDto, { projectId: string; engineerUserId: string }>({
      query: ({ projectId, engineerUserId }) => ({
        url: `/proposals/send_invitation/${encodeURIComponent(projectId)}/${encodeURIComponent(engineerUserId)}`,
        method: 'POST',
      }),
    }),
  }),
});

export const { useSendInvitationMutation } = invitationsApi;
