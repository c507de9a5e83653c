import { lazy, Suspense } from 'react';
import { Route } from 'react-router';
import { Spinner } from '@cuota/ui/spinner';
import { DASHBOARD_SECTIONS } from './dashboard-sections';
import { SectionGate } from './section-gate';

const LOADED = DASHBOARD_SECTIONS.map((section) => ({
  section,
  Component: lazy(section.load),
}));

/** One route per section (with its nested routes), each behind its permission. */
export function sectionRoutes() {
  return LOADED.map(({ section, Component }) => (
    <Route
      key={section.path}
      path={`${section.path}/*`}
      element={
        <SectionGate section={section}>
          <Suspense fallback={<Spinner label={`Cargando ${section.label.toLowerCase()}…`} />}>
            <Component />
          </Suspense>
        </SectionGate>
      }
    />
  ));
}
