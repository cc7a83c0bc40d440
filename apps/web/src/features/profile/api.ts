// Account calls of docs/PRODUCT.md#api: the engineer or client account of a user (read, create,
// update) and the login info (name, e-mail, picture, password).
import type {
  ClientAccountDto,
  clientAccountInputSchema,
  EngineerAccountDto,
  engineerAccountCreateSchema,
  engineerAccountUpdateSchema,
  UpdateUserBody,
  UpdateUserResponse,
} from '@app/shared';
import type { z } from 'zod';
import { api } from '../../lib/api';

export type EngineerAccount = EngineerAccountDto;
export type ClientAccount = ClientAccountDto;
type EngineerAccountCreate = z.input<typeof engineerAccountCreateSchema>;
type EngineerAccountUpdate = z.input<typeof engineerAccountUpdateSchema>;
type ClientAccountInput = z.input<typeof clientAccountInputSchema>;

const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    engineerAccount: build.query<EngineerAccount, string>({
      query: (userId) => `/engineer/account/user/${userId}`,
      providesTags: (_r, _e, userId) => [{ type: 'Account', id: `engineer-${userId}` }],
    }),
    createEngineerAccount: build.mutation<EngineerAccount, { userId: string; body: EngineerAccountCreate }>({
      query: ({ userId, body }) => ({ url: `/engineer/account/${userId}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'Account', id: `engineer-${userId}` },
        { type: 'Engineer', id: userId },
        { type: 'Engineer', id: 'LIST' },
      ],
    }),
    updateEngineerAccount: build.mutation<
      EngineerAccount,
      { id: string; userId: string; body: EngineerAccountUpdate }
    >({
      query: ({ id, body }) => ({ url: `/engineer/account/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'Account', id: `engineer-${userId}` },
        { type: 'Engineer', id: userId },
        { type: 'Engineer', id: 'LIST' },
      ],
    }),
    clientAccount: build.query<ClientAccount, string>({
      query: (userId) => `/client/account/user/${userId}`,
      providesTags: (_r, _e, userId) => [{ type: 'Account', id: `client-${userId}` }],
    }),
    createClientAccount: build.mutation<ClientAccount, { userId: string; body: ClientAccountInput }>({
      query: ({ userId, body }) => ({ url: `/client/account/${userId}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'Account', id: `client-${userId}` }],
    }),
    updateClientAccount: build.mutation<
      ClientAccount,
      { id: string; userId: string; body: ClientAccountInput }
    >({
      query: ({ id, body }) => ({ url: `/client/account/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'Account', id: `client-${userId}` }],
    }),
    updateLoginInfo: build.mutation<UpdateUserResponse, { userId: string; body: UpdateUserBody }>({
      query: ({ userId, body }) => ({ url: `/auth/update/${userId}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'User', id: userId },
        { type: 'Engineer', id: userId },
        { type: 'Engineer', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useEngineerAccountQuery,
  useCreateEngineerAccountMutation,
  useUpdateEngineerAccountMutation,
  useClientAccountQuery,
  useCreateClientAccountMutation,
  useUpdateClientAccountMutation,
  useUpdateLoginInfoMutation,
} = accountsApi;
