import type { Permission } from '@cuota/contracts/access/permissions';

/** The domains a permission belongs to: the rows of docs/permissions.md, in this order. */
export const PERMISSION_DOMAINS = ['enrolment', 'billing', 'payments', 'invoicing'] as const;
export type PermissionDomain = (typeof PERMISSION_DOMAINS)[number];

export const PERMISSION_DOMAIN_LABELS: Record<PermissionDomain, string> = {
  enrolment: 'Escuela, alumnos y personal',
  billing: 'Cobranza',
  payments: 'Pagos',
  invoicing: 'Facturación',
};

/** Which domain each permission governs (reports are billing's delinquency and income reports). */
export const PERMISSION_DOMAIN: Record<Permission, PermissionDomain> = {
  'school.read': 'enrolment',
  'school.write': 'enrolment',
  'cycles.write': 'enrolment',
  'levels.write': 'enrolment',
  'students.read': 'enrolment',
  'students.write': 'enrolment',
  'students.status': 'enrolment',
  'guardians.read': 'enrolment',
  'guardians.write': 'enrolment',
  'admissions.read': 'enrolment',
  'admissions.write': 'enrolment',
  'imports.write': 'enrolment',
  'staff.read': 'enrolment',
  'staff.write': 'enrolment',
  'billing.read': 'billing',
  'concepts.write': 'billing',
  'billing.write': 'billing',
  'scholarships.write': 'billing',
  'reports.read': 'billing',
  'payments.read': 'payments',
  'payments.collect': 'payments',
  'payments.refund': 'payments',
  'payouts.read': 'payments',
  'invoicing.read': 'invoicing',
  'invoicing.write': 'invoicing',
};

/** How the dashboard names each permission (the checkbox grid of "Personal"). */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'school.read': 'Ver datos de la escuela',
  'school.write': 'Editar datos de la escuela',
  'cycles.write': 'Administrar ciclos escolares',
  'levels.write': 'Administrar niveles y grupos',
  'students.read': 'Ver alumnos',
  'students.write': 'Registrar y editar alumnos',
  'students.status': 'Cambiar el estatus de alumnos',
  'guardians.read': 'Ver tutores',
  'guardians.write': 'Registrar y editar tutores',
  'admissions.read': 'Ver admisiones',
  'admissions.write': 'Gestionar admisiones',
  'imports.write': 'Importar alumnos',
  'staff.read': 'Ver personal',
  'staff.write': 'Administrar personal y permisos',
  'billing.read': 'Ver conceptos y adeudos',
  'concepts.write': 'Crear conceptos y generar órdenes',
  'billing.write': 'Asignar conceptos y editar cargos',
  'scholarships.write': 'Otorgar becas y descuentos',
  'reports.read': 'Ver reportes de cobranza',
  'payments.read': 'Ver pagos',
  'payments.collect': 'Registrar cobros',
  'payments.refund': 'Hacer reembolsos',
  'payouts.read': 'Ver dispersiones',
  'invoicing.read': 'Ver facturas',
  'invoicing.write': 'Emitir y cancelar facturas',
};
