// The sign-in steps of docs/PRODUCT.md#states as thunks over the session slice: sign-in (start /
// success / failure, or a PIN was e-mailed), PIN verification (PIN start / success /
// failure) and PIN resend.
import { AUTH_MESSAGES, type SigninResponse, type VerifyPinResponse } from '@app/shared';
import type { Dispatch } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { authErrorMessage, type HttpFailure, requestJson } from '../../lib/http';
import { sessionActions } from '../../lib/session';
import { clearPinEmail, getDeviceToken, getPinEmail, saveDeviceToken, setPinEmail } from './deviceTokens';

export type StepResult<T = object> = ({ ok: true } & T) | { ok: false; message: string };

export function signIn(input: { email: string; password: string }) {
  return async (dispatch: Dispatch): Promise<StepResult<{ pinRequired: boolean }>> => {
    dispatch(sessionActions.signInStart());
    const email = input.email.trim();
    const deviceToken = getDeviceToken(email);
    try {
      const answer = await requestJson<SigninResponse>('/auth/signin', {
        method: 'POST',
        body: { email, password: input.password, ...(deviceToken ? { deviceToken } : {}) },
      });
      if (answer.pinRequired) {
        setPinEmail(email);
        dispatch(sessionActions.pinRequested());
        return { ok: true, pinRequired: true };
      }
      dispatch(api.util.resetApiState());
      dispatch(sessionActions.signInSuccess({ user: answer.user, token: answer.token }));
      return { ok: true, pinRequired: false };
    } catch (error) {
      const message = authErrorMessage(error, 'Sign in failed.');
      dispatch(sessionActions.signInFailure(message));
      return { ok: false, message };
    }
  };
}

export function verifyPin(pin: string) {
  return async (dispatch: Dispatch): Promise<StepResult> => {
    const email = getPinEmail();
    if (!email) return { ok: false, message: AUTH_MESSAGES.emailNotFound };
    dispatch(sessionActions.verifyPinStart());
    try {
      const answer = await requestJson<VerifyPinResponse>('/auth/verify-pin', {
        method: 'POST',
        body: { pin, email },
      });
      if (answer.deviceToken) saveDeviceToken(email, answer.deviceToken);
      clearPinEmail();
      dispatch(api.util.resetApiState());
      dispatch(sessionActions.verifyPinSuccess({ user: answer.user, token: answer.token }));
      return { ok: true };
    } catch (error) {
      const message = authErrorMessage(error, 'Invalid PIN.');
      dispatch(sessionActions.verifyPinFailure(message));
      return { ok: false, message };
    }
  };
}

/** Resend has its own messages (docs/PRODUCT.md#messages); it does not touch the session. */
export async function resendPin(): Promise<StepResult<{ message: string }>> {
  const email = getPinEmail();
  if (!email) return { ok: false, message: AUTH_MESSAGES.emailNotFound };
  try {
    await requestJson('/auth/resendPin', { method: 'POST', body: { email } });
    return { ok: true, message: AUTH_MESSAGES.pinResent };
  } catch (error) {
    if ((error as HttpFailure).status === 'FETCH_ERROR') {
      return { ok: false, message: 'Network error while resending PIN.' };
    }
    const data = (error as HttpFailure).data as { message?: unknown } | undefined;
    const status = (error as HttpFailure).status;
    const serverMessage =
      typeof status === 'number' && status < 500 && typeof data?.message === 'string' ? data.message : '';
    return { ok: false, message: serverMessage || 'Failed to resend PIN, try again later.' };
  }
}
