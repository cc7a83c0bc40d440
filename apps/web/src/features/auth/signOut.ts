// Sign-out of docs/PRODUCT.md#states: the server revokes the session; on success the local user is
// cleared. A failure is only logged and the session stays — except a 401, which means the
// token is already dead (requestJson then clears the local session itself).
import type { Dispatch } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { requestJson } from '../../lib/http';
import { sessionActions } from '../../lib/session';

type SessionState = { session: { token: string | null } };

/** A thunk: `await dispatch(signOut())` answers whether the local session is now cleared. */
export function signOut() {
  return async (dispatch: Dispatch, getState: () => SessionState): Promise<boolean> => {
    const token = getState().session.token;
    const clear = () => {
      dispatch(sessionActions.signOutSuccess());
      // Server data of the previous user must not show to the next one.
      dispatch(api.util.resetApiState());
      return true;
    };
    if (!token) return clear();
    try {
      await requestJson('/auth/signout', { method: 'POST', token, dispatch });
      return clear();
    } catch (error) {
      if ((error as { status?: unknown }).status === 401) return true;
      console.error('Sign out failed', error);
      return false;
    }
  };
}
