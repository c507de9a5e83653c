// What the page shares as `react-router` (ADR 0025). A shared module is bundled whole,
// since the container that provides it cannot know what the others will import; react-router
// whole is its data router, server rendering, RSC and cookie helpers (~59 KB gz). Sharing
// this list instead keeps one router on the page at a quarter of that: the shell renders
// <BrowserRouter>, so the data router (createBrowserRouter, loaders, fetchers) is left out.
// Every name the apps import from 'react-router' must be here (shared-facades.test.ts
// checks it); a name added here reaches a remote once the shell that provides it is redeployed.
export {
  BrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  parsePath,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router-build';
