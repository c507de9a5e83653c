import type { ComponentType } from 'react';
import type { Permission } from '@cuota/contracts/access/permissions';
import type { AppDispatch } from '@cuota/web-core/store';

/** The menu's areas, in order; an area shows once it has a section the member may open. */
export const DASHBOARD_AREAS = [
  'Escuela',
  'Alumnos',
  'Cobranza',
  'Facturación',
  'Reportes',
  'Personal',
] as const;
export type DashboardArea = (typeof DASHBOARD_AREAS)[number];

/**
 * The dashboard's sections: one entry per screen family, in menu order within its area. A
 * section's component is loaded when first opened; the menu shows, and the route opens,
 * only the sections the member's permissions reach (the BFF and the services enforce the
 * same rule).
 */
/** Starts a section's first data for an address (its filters and page). */
export type SectionPrefetch = (
  dispatch: AppDispatch,
  schoolId: string,
  search: URLSearchParams,
) => void;

export interface DashboardSection {
  /** Relative to /dashboard, without slashes at either end (nested routes are allowed). */
  path: string;
  /** Menu label and the heading of the page that says it cannot be opened, in Spanish. */
  label: string;
  area: DashboardArea;
  permission: Permission;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Loads what asks for the data of the screen an address opens, beside `load`: the calls
   * leave once the API code has arrived, without waiting for the page's own code to load and
   * render. A chunk of its own, so the menu's first load carries none of it.
   */
  prefetch?: () => Promise<{ prefetch: SectionPrefetch }>;
}

export const DASHBOARD_SECTIONS: DashboardSection[] = [
  {
    path: 'settings',
    label: 'Datos de la escuela',
    area: 'Escuela',
    permission: 'school.read',
    load: () => import('../features/school-settings/school-settings-section'),
  },
  {
    path: 'cycles',
    label: 'Ciclos escolares',
    area: 'Escuela',
    permission: 'school.read',
    load: () => import('../features/cycles/cycles-section'),
  },
  {
    path: 'levels',
    label: 'Niveles y grupos',
    area: 'Escuela',
    permission: 'school.read',
    load: () => import('../features/levels/levels-section'),
  },
  {
    path: 'students',
    label: 'Alumnos',
    area: 'Alumnos',
    permission: 'students.read',
    load: () => import('../features/students/students-section'),
  },
  {
    path: 'admissions',
    label: 'Admisiones',
    area: 'Alumnos',
    permission: 'admissions.read',
    load: () => import('../features/admissions/admissions-section'),
  },
  {
    path: 'imports',
    label: 'Importar alumnos',
    area: 'Alumnos',
    permission: 'imports.write',
    load: () => import('../features/imports/imports-section'),
  },
  {
    path: 'concepts',
    label: 'Conceptos',
    area: 'Cobranza',
    permission: 'billing.read',
    load: () => import('../features/billing/concepts-section'),
  },
  {
    path: 'bill-runs',
    label: 'Generar órdenes',
    area: 'Cobranza',
    permission: 'billing.read',
    load: () => import('../features/billing/bill-runs-section'),
  },
  {
    path: 'due',
    label: 'Adeudos',
    area: 'Cobranza',
    permission: 'billing.read',
    load: () => import('../features/billing/due-orders-section'),
    prefetch: () =>
      import('../features/billing/api/due-orders-api').then((m) => ({
        prefetch: m.prefetchDueOrders,
      })),
  },
  {
    path: 'delinquency',
    label: 'Morosidad',
    area: 'Cobranza',
    permission: 'reports.read',
    load: () => import('../features/billing/delinquency-section'),
  },
  {
    path: 'month-close',
    label: 'Cierre de mes',
    area: 'Reportes',
    permission: 'reports.read',
    load: () => import('../features/reports/month-close-section'),
  },
  {
    path: 'payments',
    label: 'Pagos',
    area: 'Cobranza',
    permission: 'payments.read',
    load: () => import('../features/payments/payments-section'),
  },
  {
    path: 'desk',
    label: 'Registrar pago',
    area: 'Cobranza',
    permission: 'payments.read',
    load: () => import('../features/payments/desk-section'),
  },
  {
    path: 'reminders',
    label: 'Recordatorios',
    area: 'Cobranza',
    permission: 'billing.read',
    load: () => import('../features/reminders/reminders-section'),
  },
  {
    path: 'store',
    label: 'Tienda',
    area: 'Cobranza',
    permission: 'billing.read',
    load: () => import('../features/store-admin/store-section'),
  },
  {
    path: 'invoices',
    label: 'Facturas',
    area: 'Facturación',
    permission: 'invoicing.read',
    load: () => import('../features/invoicing/invoicing-section'),
  },
  {
    path: 'fiscal',
    label: 'Datos fiscales',
    area: 'Facturación',
    permission: 'invoicing.read',
    load: () => import('../features/invoicing/fiscal-section'),
  },
  {
    path: 'staff',
    label: 'Personal',
    area: 'Personal',
    permission: 'staff.read',
    load: () => import('../features/staff/staff-section'),
  },
];
