import { lazy, Suspense } from 'react';
import { Route } from 'react-router';
import { Spinner } from '@cuota/ui/spinner';
import { DASHBOARD_SECTIONS } from './dashboard-sections';
import { StaffOnly } from './staff-only';

const LOADED = DASHBOARD_SECTIONS.map((section) => ({
  ...section,
  Component: lazy(section.load),
}));

/** One route per section (with its nested routes), each behind the staff guard. */
export function sectionRoutes() {
  return LOADED.map(({ path, Component }) => (
    <Route
      key={path}
      path={`${path}/*`}
      element={
        <StaffOnly signedIn>
          <Suspense fallback={<Spinner />}>
            <Component />
          </Suspense>
        </StaffOnly>
      }
    />
  ));
}
