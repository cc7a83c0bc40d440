// Plain JSON calls for the session itself (sign-in, PIN, reset, sign-up), which run
// before there is a session in the store or change it. Failures are thrown in the same
// shape RTK Query uses ({ status, data }), so `errorMessage()` reads the server's message.
// Like the RTK Query base query, a 401 on a call made with a token signs the user out.
import type { Dispatch } from '@reduxjs/toolkit';
import { api } from './api';
import { sessionActions } from './session';

export type HttpFailure = { status: number | 'FETCH_ERROR'; data?: unknown };

export const SERVER_ERROR = 'Server error. Try again later.';

/** The dead session is cleared as soon as the server says so. */
export function signOutOn401(dispatch: Dispatch, status: number, hadToken: boolean) {
  if (status === 401 && hadToken) {
    dispatch(sessionActions.signOutSuccess());
    dispatch(api.util.resetApiState());
  }
}

export async function requestJson<T>(
  path: string,
  opts: { method?: string; body?: unknown; token?: string | null; dispatch?: Dispatch } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    throw { status: 'FETCH_ERROR' } satisfies HttpFailure;
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    if (opts.dispatch) signOutOn401(opts.dispatch, res.status, !!opts.token);
    throw { status: res.status, data } satisfies HttpFailure;
  }
  return data as T;
}

/** True when the call never reached a working server (offline, or a 5xx). */
export function isServerFailure(error: unknown): boolean {
  const status = (error as HttpFailure | undefined)?.status;
  return status === 'FETCH_ERROR' || (typeof status === 'number' && status >= 500);
}

/** The message for a failed session call: 'Server error...' when the server could not answer,
 * else the server's own message, else the fallback. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (isServerFailure(error)) return SERVER_ERROR;
  const data = (error as HttpFailure | undefined)?.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}
