import type { ComponentType } from 'react';
import type { Permission } from '@cuota/contracts/enrolment/permissions';

/**
 * The dashboard's sections: one entry per screen family, in menu order. A section's
 * component is loaded when first opened, and the menu shows only the sections the
 * member's permissions reach (the BFF and the services enforce the same rule).
 */
export interface DashboardSection {
  /** Relative to /dashboard, without slashes at either end (nested routes are allowed). */
  path: string;
  /** Menu label, in Spanish. */
  label: string;
  permission: Permission;
  load: () => Promise<{ default: ComponentType }>;
}

/** Each feature adds its entry, e.g. { path: 'students', label: 'Alumnos', permission:
 * 'students.read', load: () => import('../features/students/students-section') }. */
export const DASHBOARD_SECTIONS: DashboardSection[] = [
  {
    path: 'settings',
    label: 'Escuela',
    permission: 'school.read',
    load: () => import('../features/school-settings/school-settings-section'),
  },
  {
    path: 'cycles',
    label: 'Ciclos',
    permission: 'school.read',
    load: () => import('../features/cycles/cycles-section'),
  },
  {
    path: 'levels',
    label: 'Niveles y grupos',
    permission: 'school.read',
    load: () => import('../features/levels/levels-section'),
  },
  {
    path: 'students',
    label: 'Alumnos',
    permission: 'students.read',
    load: () => import('../features/students/students-section'),
  },
  {
    path: 'admissions',
    label: 'Admisiones',
    permission: 'admissions.read',
    load: () => import('../features/admissions/admissions-section'),
  },
  {
    path: 'imports',
    label: 'Importar alumnos',
    permission: 'imports.write',
    load: () => import('../features/imports/imports-section'),
  },
  {
    path: 'staff',
    label: 'Personal',
    permission: 'staff.read',
    load: () => import('../features/staff/staff-section'),
  },
];
