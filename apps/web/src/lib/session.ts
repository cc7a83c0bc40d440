// The session of docs/PRODUCT.md#data and #states: current user (never a secret), bearer token, last error,
// and the two loading flags. Persisted under 'root' (see lib/store.ts).

import type { PublicUser } from '@app/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in user, exactly as the server answers it. */
export type SessionUser = PublicUser;

export type SessionState = {
  currentUser: SessionUser | null;
  token: string | null;
  error: string | null;
  loading: boolean;
  pinLoading: boolean;
};

const initialState: SessionState = {
  currentUser: null,
  token: null,
  error: null,
  loading: false,
  pinLoading: false,
};

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signInStart(state) {
      state.loading = true;
      state.error = null;
    },
    signInSuccess(state, action: PayloadAction<{ user: SessionUser; token: string }>) {
      state.currentUser = action.payload.user;
      state.token = action.payload.token;
      state.loading = false;
      state.error = null;
    },
    signInFailure(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    /** Sign-in answered that a PIN was e-mailed: not signed in yet, nothing is loading. */
    pinRequested(state) {
      state.loading = false;
      state.error = null;
    },
    verifyPinStart(state) {
      state.pinLoading = true;
      state.error = null;
    },
    verifyPinSuccess(state, action: PayloadAction<{ user: SessionUser; token: string }>) {
      state.currentUser = action.payload.user;
      state.token = action.payload.token;
      state.pinLoading = false;
      state.error = null;
    },
    verifyPinFailure(state, action: PayloadAction<string>) {
      state.pinLoading = false;
      state.error = action.payload;
    },
    updateUserSuccess(state, action: PayloadAction<{ user: SessionUser; token?: string }>) {
      state.currentUser = action.payload.user;
      if (action.payload.token) state.token = action.payload.token;
      state.loading = false;
      state.error = null;
    },
    deleteUserStart(state) {
      state.loading = true;
    },
    deleteUserSuccess(state) {
      state.currentUser = null;
      state.token = null;
      state.loading = false;
      state.error = null;
    },
    deleteUserFailure(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    signOutSuccess(state) {
      state.currentUser = null;
      state.token = null;
      state.error = null;
      state.loading = false;
      state.pinLoading = false;
    },
    clearError(state) {
      state.error = null;
    },
  },
});

export const sessionActions = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
