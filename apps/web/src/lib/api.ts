// The one RTK Query API. Features add their endpoints with api.injectEndpoints in
// their own folder; the base query sends the bearer token and signs the user out when
// the server says the session is no longer valid (401). Reading a failed call's error:
// lib/apiErrors.ts.
import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { takePrefetched } from './prefetch';
import { sessionActions } from './session';

type TokenState = { session: { token: string | null } };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as TokenState).session.token;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
  // The first page's data may already be on its way (lib/prefetch.ts).
  fetchFn: (input, init) => {
    const request = new Request(input, init);
    return takePrefetched(request) ?? fetch(request);
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  apiCtx,
  extra,
) => {
  const result = await rawBaseQuery(args, apiCtx, extra);
  const hadToken = !!(apiCtx.getState() as TokenState).session.token;
  if (result.error?.status === 401 && hadToken) apiCtx.dispatch(sessionActions.signOutSuccess());
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'User',
    'Notification',
    'Account',
    'License',
    'PayoutAccount',
    'Engineer',
    'Project',
    'Proposal',
    'Ticket',
    'TicketReply',
    'Payment',
    'Wallet',
    'Payout',
    'Dispute',
    'Finance',
    'Submission',
    'Deal',
    'ProjectRecord',
    'Alert',
  ],
  endpoints: () => ({}),
});
