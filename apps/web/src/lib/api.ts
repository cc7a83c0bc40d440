// The one RTK Query API. Features add their endpoints with api.injectEndpoints in
// their own folder; the base query sends the bearer token and signs the user out when
// the server says the session is no longer valid (401).
import { type ApiError, ERROR_STATUS, type ErrorCode } from '@app/shared';
import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { sessionActions } from './session';

type TokenState = { session: { token: string | null } };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as TokenState).session.token;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
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
  ],
  endpoints: () => ({}),
});

/** The message to show for a failed call: the server's own when it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: Partial<ApiError> } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}

/** The server's error code, when it sent one the API knows: branch on this, not on texts. */
export function errorCode(error: unknown): ErrorCode | undefined {
  const code = (error as { data?: Partial<ApiError> } | undefined)?.data?.code;
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code) ? (code as ErrorCode) : undefined;
}

/** Field messages the server attached to a validation error. */
export function errorFields(error: unknown): Record<string, string> {
  return (error as { data?: Partial<ApiError> } | undefined)?.data?.fields ?? {};
}

/**
 * The server's message when it refused the request itself (a 4xx answer: what it says is
 * about this request), else `fallback` (the server or the network failed: the page's own text).
 */
export function requestErrorMessage(error: unknown, fallback: string): string {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500
    ? errorMessage(error, fallback)
    : fallback;
}
