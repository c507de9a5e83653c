import { screen } from '@testing-library/react';
import { ORDER_PAYMENT_STATUSES } from '@cuota/contracts/billing/inscription-payments';
import {
  IMPORT_JOB_STATUS_LABELS,
  IMPORT_JOB_STATUSES,
} from '@cuota/contracts/enrolment/student-import';
import { StatusBadge } from '@cuota/ui/status-badge';
import { INVOICE_STATUSES } from '@cuota/contracts/invoicing/invoices';
import { InvoiceStatus } from '@cuota/ui/invoice-status';
import { STATUS_LOOKS, type StatusKind } from '@cuota/ui/status-labels';
import { renderThemed } from '@cuota/ui/test-support/render-themed';

test('each status reads in Spanish', () => {
  renderThemed(
    <>
      <StatusBadge kind="orderPayment" status="PARTIAL_PAID" />
      <StatusBadge kind="request" status="not_requested" />
      <StatusBadge kind="due" status="OUTSTANDING" />
      <StatusBadge kind="job" status="FINISHED_WITH_ERROR" />
    </>,
  );
  expect(screen.getByText('Pago parcial')).toBeVisible();
  expect(screen.getByText('No solicitado')).toBeVisible();
  expect(screen.getByText('Vencido')).toBeVisible();
  expect(screen.getByText('Terminada con errores')).toBeVisible();
});

test('an invoice reads as a school understands it, with who refused it and why', () => {
  renderThemed(
    <>
      <InvoiceStatus status="success" error={null} />
      <InvoiceStatus
        status="failed"
        error={{ code: 'CFDI40148', message: 'El código postal no coincide.', source: 'pac' }}
      />
      <InvoiceStatus
        status="failed"
        error={{ code: 'SIN_CSD', message: 'La escuela no tiene CSD.', source: 'checks' }}
      />
    </>,
  );
  expect(screen.getByText('Timbrada')).toBeVisible();
  expect(screen.getByText('Rechazada por el SAT').parentElement).toHaveTextContent(
    'Rechazada por el SAT: El código postal no coincide.',
  );
  expect(screen.getByText('No se pudo timbrar').parentElement).toHaveTextContent(
    'No se pudo timbrar: La escuela no tiene CSD.',
  );
  for (const status of INVOICE_STATUSES) expect(STATUS_LOOKS.invoice[status]).toBeDefined();
});

test('the statuses the contracts define all have a badge, worded as the contracts word them', () => {
  expect(Object.keys(STATUS_LOOKS.orderPayment).sort()).toEqual([...ORDER_PAYMENT_STATUSES].sort());
  expect(Object.keys(STATUS_LOOKS.job).sort()).toEqual([...IMPORT_JOB_STATUSES].sort());
  for (const status of IMPORT_JOB_STATUSES)
    expect(STATUS_LOOKS.job[status].label).toBe(IMPORT_JOB_STATUS_LABELS[status]);
});

test.each(Object.keys(STATUS_LOOKS) as StatusKind[])('no two %s statuses look alike', (kind) => {
  const labels = Object.values(STATUS_LOOKS[kind]).map((look) => look.label);
  expect(new Set(labels).size).toBe(labels.length);
});
