import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { api } from './api';
import { startDealEvents } from './dealEvents';
import { sessionReducer } from './session';
import { startRealtime } from './socket';

const rootReducer = combineReducers({
  session: sessionReducer,
  [api.reducerPath]: api.reducer,
});

// docs/PRODUCT.md#data: the session is kept in local storage under 'root', version 1. Server data
// (the RTK Query cache) is never persisted: it is fetched fresh.
const persisted = persistReducer(
  { key: 'root', version: 1, storage, whitelist: ['session'], timeout: 5000 },
  rootReducer,
);

export const store = configureStore({
  reducer: persisted,
  middleware: (getDefault) =>
    getDefault({
      serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
    }).concat(api.middleware),
});
/** Settles once the persisted session is back in the store (lib/lazyStore.ts waits for it). */
export const rehydrated = new Promise<void>((resolve) => {
  persistStore(store, null, resolve);
});
startRealtime(store);
startDealEvents(store);

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
