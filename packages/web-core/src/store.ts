import { combineSlices, configureStore, type Action, type ThunkAction } from '@reduxjs/toolkit';
import { alertSlice } from '@cuota/web-core/alert/alert-slice';
import { baseApi } from '@cuota/web-core/api/base-api';
import { errorAlertMiddleware } from '@cuota/web-core/api/error-alert-middleware';
import {
  globalStateSlice,
  type GlobalState,
} from '@cuota/web-core/global-state/global-state-slice';
import { writeGlobalState } from '@cuota/web-core/global-state/global-state-storage';
import { sessionSlice } from '@cuota/web-core/session/session-slice';
import { toastSlice } from '@cuota/web-core/toast/toast-slice';

/**
 * Slices a remote adds at run time with `rootReducer.inject(slice)`. A remote declares
 * its slice here through module augmentation so selectors stay typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  baseApi,
  sessionSlice,
  toastSlice,
  alertSlice,
  globalStateSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** The page's one store; the shell creates it, remotes reach it through react-redux. */
export function createAppStore(initial: { globalState?: GlobalState } = {}) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: initial,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, errorAlertMiddleware),
  });
  let persisted = store.getState().globalState;
  store.subscribe(() => {
    const { globalState } = store.getState();
    if (globalState === persisted) return;
    persisted = globalState;
    writeGlobalState(globalState);
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>;
