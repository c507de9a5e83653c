// What the page shares as `styled-components` (ADR 0025): the names the apps use, not the
// server-side rendering API (ServerStyleSheet) and the rest. shared-facades.test.ts checks
// the list.
export {
  createGlobalStyle,
  css,
  default,
  keyframes,
  StyleSheetManager,
  ThemeProvider,
} from 'styled-components-build';
