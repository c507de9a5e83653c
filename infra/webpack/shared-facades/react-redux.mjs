// What the page shares as `react-redux` (ADR 0025): the hooks and Provider the apps and RTK
// Query use, not connect() and its helpers. shared-facades.test.ts checks the list.
export {
  batch,
  Provider,
  ReactReduxContext,
  shallowEqual,
  useDispatch,
  useSelector,
  useStore,
} from 'react-redux-build';
