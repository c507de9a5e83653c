// What the page shares as `@reduxjs/toolkit` (ADR 0025): the names the apps use and the ones
// RTK Query imports from it, not the whole toolkit (listener middleware, entity adapter,
// dynamic middleware…), ~5 KB gz less on every first screen. shared-facades.test.ts checks
// that every name the apps and RTK Query import is here.
export {
  combineReducers,
  combineSlices,
  configureStore,
  createAction,
  createAsyncThunk,
  createNextState,
  createSelector,
  createSlice,
  formatProdErrorMessage,
  isAction,
  isAllOf,
  isAnyOf,
  isAsyncThunkAction,
  isFulfilled,
  isPending,
  isPlainObject,
  isRejected,
  isRejectedWithValue,
  nanoid,
  prepareAutoBatched,
  SHOULD_AUTOBATCH,
} from 'redux-toolkit-build';
