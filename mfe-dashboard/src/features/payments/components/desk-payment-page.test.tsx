/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeskFamily, DeskPreview } from '@cuota/contracts/payments/desk';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch, type FetchStub } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { payinFixture } from '../../../test-support/payin-fixture';
import { DeskPaymentForm } from './desk-payment-page';

const DESK = '/api/v1/dashboard/schools/school-1/payins/';
const FAMILY = '/api/v1/dashboard/schools/school-1/desk/student-1/';
const PREVIEW = `${FAMILY}preview/`;
const STUDENTS = '/api/v1/students/';
const student = {
  id: 'student-1',
  first_name: 'Lucía',
  last_name: 'Pérez',
  curp: null,
  enrolment_code: 'A-17',
  gender: null,
  level: 'elementary',
  section: null,
  status: 'active',
  billing_guardian_id: 'guardian-1',
};
const order = (id: string, studentId: string, period: string, late = 0) => ({
  order_id: id,
  student_id: studentId,
  concept_name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE' as const,
  period,
  due_on: `${period}-10`,
  late_fee_due_centavos: late,
  base_due_centavos: 350_000,
});
const family: DeskFamily = {
  student_id: 'student-1',
  guardian_id: 'guardian-1',
  students: [
    {
      student_id: 'student-1',
      name: 'Lucía Pérez',
      credit_centavos: 0,
      refund_owed_centavos: 0,
      orders: [order('o-feb', 'student-1', '2026-02', 17_500)],
    },
    {
      student_id: 'student-2',
      name: 'Mateo Pérez',
      credit_centavos: 20_000,
      refund_owed_centavos: 0,
      orders: [order('o-mar', 'student-2', '2026-03')],
    },
  ],
  owed_centavos: 717_500,
  credit_centavos: 20_000,
  refund_owed_centavos: 0,
  limit_centavos: 5_000_000,
};
const allocation = {
  order_id: 'o-feb',
  student_id: 'student-1',
  concept_id: 'c-1',
  concept_name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE' as const,
  period: '2026-02',
  base_centavos: 350_000,
  late_fee_centavos: 17_500,
  discount_centavos: 0,
};
const preview = (over: Partial<DeskPreview> = {}): DeskPreview => ({
  amount_centavos: 367_500,
  owed_centavos: 717_500,
  refund_owed_centavos: 0,
  allocations: [allocation],
  applied_centavos: 367_500,
  excess_centavos: 0,
  limit_centavos: 5_000_000,
  over_limit: false,
  ...over,
});

function desk(
  answer: DeskPreview,
  record?: () => Response,
  familyAnswer: DeskFamily = family,
): FetchStub {
  return stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', STUDENTS, {
      count: 1,
      count_is_capped: false,
      page: 1,
      page_size: 8,
      results: [student],
    })
    .on('GET', FAMILY, familyAnswer)
    .on('POST', PREVIEW, answer)
    .on('POST', DESK, record ?? (() => Response.json(payinFixture(), { status: 201 })));
}

async function review(amount: string, canCollect = true) {
  renderWithProviders(<DeskPaymentForm schoolId="school-1" canCollect={canCollect} />, {
    url: '/dashboard/desk',
    path: '/dashboard/desk',
    session: staffSession({ memberships: [{ school_id: 'school-1', role: 'CASH_COLLECTION' }] }),
  });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Alumno'), 'Pérez');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await user.click(await screen.findByRole('button', { name: 'Pérez, Lucía · A-17' }));
  await screen.findByRole('table', { name: 'Mateo Pérez (con saldo a favor)' });
  await user.type(screen.getByLabelText('Monto recibido'), amount);
  return user;
}
const bodyOf = async (network: FetchStub, method: string, path: string, n = 0) =>
  network.sent(method, path)[n]!.json();

beforeEach(() => forgetCsrfToken());

test('the cashier sees the family’s orders, reviews the allocation, confirms once and can print', async () => {
  const network = desk(preview());
  const user = await review('3,675');
  expect(screen.getByText(/La familia debe hoy/)).toHaveTextContent('$7,175.00');
  const lucia = screen.getByRole('table', { name: 'Lucía Pérez' });
  expect(within(lucia).getByText('Colegiatura · febrero 2026 (Colegiatura)')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Revisar pago' }));
  expect(await screen.findByRole('table', { name: 'Aplicado a' })).toBeVisible();
  expect(await bodyOf(network, 'POST', PREVIEW)).toEqual({ amount_centavos: 367_500 });
  await user.click(screen.getByRole('button', { name: 'Confirmar pago' }));

  expect(await screen.findByRole('heading', { name: 'Pago registrado' })).toHaveFocus();
  expect(screen.getByText('Marta Caja')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Imprimir recibo' })).toBeVisible();
  const [sent] = network.sent('POST', DESK);
  expect(await sent!.json()).toEqual({
    student_id: 'student-1',
    amount_centavos: 367_500,
    method: 'cash',
  });
  expect(sent!.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
});

test('unticked orders are left out; cash above them is change unless the family leaves credit', async () => {
  const network = desk(
    preview({ amount_centavos: 400_000, owed_centavos: 367_500, excess_centavos: 32_500 }),
  );
  const user = await review('4,000');
  await user.click(
    screen.getByRole('checkbox', { name: 'Pagar Colegiatura · marzo 2026 de Mateo Pérez' }),
  );
  await user.click(screen.getByRole('button', { name: 'Revisar pago' }));
  expect(await bodyOf(network, 'POST', PREVIEW)).toEqual({
    amount_centavos: 400_000,
    order_ids: ['o-feb'],
  });
  await screen.findByRole('group', { name: 'Sobran $325.00' });
  await user.click(screen.getByRole('button', { name: 'Confirmar pago' }));
  expect(
    await screen.findByText('Elige si das cambio o lo dejas como saldo a favor.'),
  ).toBeVisible();
  await user.click(screen.getByRole('radio', { name: 'Dar $325.00 de cambio' }));
  await user.click(screen.getByRole('button', { name: 'Confirmar pago' }));
  await screen.findByRole('heading', { name: 'Pago registrado' });
  expect(screen.getByText(/Entrega de cambio/)).toHaveTextContent('$325.00');
  expect(await bodyOf(network, 'POST', DESK)).toEqual({
    student_id: 'student-1',
    method: 'cash',
    order_ids: ['o-feb'],
    amount_centavos: 367_500,
  });
});

test('a refund owed is shown beside the orders and paid first; change is only the excess', async () => {
  const owing: DeskFamily = {
    ...family,
    students: [family.students[0]!, { ...family.students[1]!, refund_owed_centavos: 100_000 }],
    refund_owed_centavos: 100_000,
  };
  const network = desk(
    preview({
      amount_centavos: 500_000,
      refund_owed_centavos: 100_000,
      owed_centavos: 367_500,
      excess_centavos: 32_500,
    }),
    () => Response.json(payinFixture({ refund_owed_paid_centavos: 100_000 }), { status: 201 }),
    owing,
  );
  const user = await review('5,000');
  expect(screen.getByText(/Reembolso por recuperar/)).toHaveTextContent(
    'Reembolso por recuperar: $1,000.00 (Mateo Pérez: $1,000.00).',
  );
  await user.click(screen.getByRole('button', { name: 'Revisar pago' }));
  expect(await screen.findByText(/Primero cubre/)).toHaveTextContent(
    'Primero cubre $1,000.00 del reembolso por recuperar.',
  );
  await user.click(screen.getByRole('radio', { name: 'Dar $325.00 de cambio' }));
  await user.click(screen.getByRole('button', { name: 'Confirmar pago' }));
  await screen.findByRole('heading', { name: 'Pago registrado' });
  expect(screen.getByText(/Entrega de cambio/)).toHaveTextContent('$325.00');
  expect(screen.getByText(/lo que un reembolso dejó a deber/)).toHaveTextContent(
    'Reembolso por recuperar: $1,000.00',
  );
  expect(await bodyOf(network, 'POST', DESK)).toEqual({
    student_id: 'student-1',
    method: 'cash',
    amount_centavos: 467_500,
  });
});

test('left as credit, the whole amount goes with the confirmation', async () => {
  const network = desk(preview({ amount_centavos: 400_000, excess_centavos: 32_500 }));
  const user = await review('4,000');
  await user.click(screen.getByRole('radio', { name: 'Transferencia' }));
  await user.click(screen.getByRole('button', { name: 'Revisar pago' }));
  await user.click(
    await screen.findByRole('checkbox', {
      name: 'Dejar $325.00 como saldo a favor de Lucía Pérez',
    }),
  );
  await user.click(screen.getByRole('button', { name: 'Confirmar pago' }));
  await screen.findByRole('heading', { name: 'Pago registrado' });
  expect(await bodyOf(network, 'POST', DESK)).toEqual({
    student_id: 'student-1',
    method: 'transfer',
    amount_centavos: 400_000,
    confirm_excess: true,
  });
});

test('above the school’s limit the review says so in Spanish and nothing can be confirmed', async () => {
  const network = desk(preview({ amount_centavos: 99_999_900, over_limit: true }));
  const user = await review('999,999');
  await user.click(screen.getByRole('button', { name: 'Revisar pago' }));
  expect(
    await screen.findByText(
      'El monto supera el límite de $50,000.00 por pago en caja de la escuela. Revisa la cantidad.',
    ),
  ).toBeVisible();
  expect(screen.getByRole('button', { name: 'Confirmar pago' })).toBeDisabled();
  expect(network.sent('POST', DESK)).toHaveLength(0);
});

test('a retry after a refused answer reuses the same idempotency key', async () => {
  let answers = 0;
  const network = desk(preview(), () =>
    ++answers === 1
      ? Response.json(
          { error: { code: 'UNAVAILABLE', message: 'Intenta de nuevo.' } },
          { status: 503 },
        )
      : Response.json(payinFixture(), { status: 201 }),
  );
  const user = await review('3,675');
  await user.click(screen.getByRole('button', { name: 'Revisar pago' }));
  await user.click(await screen.findByRole('button', { name: 'Confirmar pago' }));
  expect(await screen.findByText('Intenta de nuevo.')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Confirmar pago' }));
  await screen.findByRole('heading', { name: 'Pago registrado' });
  const keys = network.sent('POST', DESK).map((r) => r.headers.get('idempotency-key'));
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBe(keys[1]);
});

test('without a student it says so in Spanish and sends nothing', async () => {
  const network = stubFetch();
  renderWithProviders(<DeskPaymentForm schoolId="school-1" canCollect />, {
    url: '/dashboard/desk',
    path: '/dashboard/desk',
    session: staffSession({ memberships: [{ school_id: 'school-1', role: 'CASH_COLLECTION' }] }),
  });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Revisar pago' }));
  expect(await screen.findByText('Elige un alumno.')).toBeVisible();
  expect(network.sent('POST', PREVIEW)).toHaveLength(0);
});

test('a role without payments.collect sees the review disabled', async () => {
  desk(preview());
  await review('100', false);
  expect(screen.getByRole('button', { name: 'Revisar pago' })).toBeDisabled();
});
