import { screen } from '@testing-library/react';
import { ORDER_PAYMENT_STATUSES } from '@cuota/contracts/billing/inscription-payments';
import {
  IMPORT_JOB_STATUS_LABELS,
  IMPORT_JOB_STATUSES,
} from '@cuota/contracts/enrolment/student-import';
import { StatusBadge } from '@cuota/ui/status-badge';
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
