/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import type { Payin } from '@cuota/contracts/payments/payins';
import { jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { guardianMeFixture } from '../../../test-support/guardian-me-fixture';
import { INVOICE_POLL_MS } from './invoice-links';
import { PaymentHistory } from './payment-history';

const PAYINS = '/api/v1/schools/school-1/payins/';
const ME = '/api/trpc/guardian.me';
const payin: Payin = {
  id: 'payin-1',
  school_id: 'school-1',
  type: 'CARD',
  method: 'credit_card',
  status: 'success',
  amount_centavos: 250_000,
  guardian_id: 'guardian-1',
  student_ids: ['student-1'],
  student_names: ['Ana Pérez'],
  allocations: [
    {
      order_id: 'order-1',
      student_id: 'student-1',
      concept_id: 'concept-1',
      concept_name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      period: '2026-09',
      base_centavos: 250_000,
      late_fee_centavos: 0,
      discount_centavos: 0,
    },
  ],
  credit_created_centavos: 0,
  card: { brand: 'Mastercard', last4: '5480' },
  receipt_number: null,
  recorded_by: null,
  recorded_by_name: null,
  error: null,
  created_at: '2026-09-05T16:00:00.000Z',
  paid_at: '2026-09-05T16:00:05.000Z',
};
const links = (changes: object) => ({
  document: 'invoice',
  part: 'tuition',
  status: 'success',
  invoice_id: 'inv-1',
  installment: null,
  uuid: 'UUID-1',
  xml_url: '/api/v1/invoices/inv-1/xml/',
  pdf_url: '/api/v1/invoices/inv-1/pdf/',
  error: null,
  global_state: null,
  invoices: [],
  ...changes,
});

function renderHistory() {
  return renderWithProviders(<PaymentHistory schoolId="school-1" />, {
    url: '/guardians/h/payments/history',
    path: '/guardians/:guardianHash/payments/history',
    session: guardianSession(),
  });
}

test('each payment shows what it paid, its receipt and the CFDI files', async () => {
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 1, page: 1, page_size: 10, results: [payin] })
    .on('GET', '/api/v1/students/student-1/orders/order-1/invoice_urls/', links({}));
  renderHistory();
  const paid = await screen.findByRole('list', { name: 'Conceptos pagados' });
  expect(await within(paid).findByText('Colegiatura 2026-09 de Sofía')).toBeVisible();
  expect(screen.getByText(/Mastercard terminación 5480/)).toBeVisible();
  expect(
    await screen.findByRole('link', { name: 'XML de Colegiatura 2026-09 de Sofía' }),
  ).toHaveAttribute('href', '/api/v1/invoices/inv-1/xml/');
  expect(screen.getByRole('link', { name: 'PDF de Colegiatura 2026-09 de Sofía' })).toBeVisible();
  expect(screen.getByRole('link', { name: 'Descargar recibo (PDF)' })).toHaveAttribute(
    'href',
    '/api/v2/schools/school-1/payins/payin-1/receipt/',
  );
});

test('a CFDI still being stamped shows up without a reload once stamped', async () => {
  let asked = 0;
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 1, page: 1, page_size: 10, results: [payin] })
    .on('GET', '/api/v1/students/student-1/orders/order-1/invoice_urls/', () =>
      jsonResponse(
        (asked += 1) === 1
          ? links({ status: 'pending', invoice_id: null, uuid: null, xml_url: null, pdf_url: null })
          : links({}),
      ),
    );
  renderHistory();
  expect(
    await screen.findByRole(
      'link',
      { name: 'PDF de Colegiatura 2026-09 de Sofía' },
      { timeout: INVOICE_POLL_MS * 3 },
    ),
  ).toBeVisible();
  expect(asked).toBeGreaterThan(1);
});

test('an invoice the PAC refused shows the reason in Spanish', async () => {
  const message =
    'El código postal de tu domicilio fiscal no coincide con el registrado en el SAT.';
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 1, page: 1, page_size: 10, results: [payin] })
    .on(
      'GET',
      '/api/v1/students/student-1/orders/order-1/invoice_urls/',
      links({
        status: 'failed',
        xml_url: null,
        pdf_url: null,
        error: { code: 'CFDI40148', message, source: 'pac' },
      }),
    );
  renderHistory();
  expect(await screen.findByText(message, { exact: false })).toBeVisible();
  expect(screen.getByText('Rechazada por el SAT')).toBeVisible();
});

test('a credit note on the order: its files beside the invoice', async () => {
  const credit = {
    ...links({}),
    document: 'credit_note',
    invoice_id: 'nc-1',
    xml_url: '/api/v1/invoices/nc-1/xml/',
    pdf_url: '/api/v1/invoices/nc-1/pdf/',
  };
  delete (credit as { invoices?: unknown }).invoices;
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 1, page: 1, page_size: 10, results: [payin] })
    .on(
      'GET',
      '/api/v1/students/student-1/orders/order-1/invoice_urls/',
      links({ status: 'multiple', invoices: [links({}), credit] }),
    );
  renderHistory();
  expect(
    await screen.findByRole('link', { name: /^PDF de la nota de crédito de / }),
  ).toHaveAttribute('href', '/api/v1/invoices/nc-1/pdf/');
});

test('an order invoiced at billing: each payment’s «Complemento de pago» with its files', async () => {
  const complement = {
    ...links({}),
    document: 'payment',
    invoice_id: 'p-2',
    installment: 2,
    xml_url: '/api/v1/invoices/p-2/xml/',
    pdf_url: '/api/v1/invoices/p-2/pdf/',
  };
  delete (complement as { invoices?: unknown }).invoices;
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 1, page: 1, page_size: 10, results: [payin] })
    .on(
      'GET',
      '/api/v1/students/student-1/orders/order-1/invoice_urls/',
      links({ status: 'multiple', invoices: [links({}), complement] }),
    );
  renderHistory();
  expect(await screen.findByText(/Complemento de pago \(parcialidad 2\)/)).toBeVisible();
  expect(screen.getByRole('link', { name: /^PDF de complemento de pago 2 de / })).toHaveAttribute(
    'href',
    '/api/v1/invoices/p-2/pdf/',
  );
});

test('a colegiatura paid late: its tuition CFDI and its late fee CFDI, each with its files', async () => {
  const tuition = { ...links({}), part: 'tuition' };
  const other = {
    ...links({}),
    part: 'other',
    status: 'pending',
    invoice_id: 'inv-2',
    xml_url: null,
    pdf_url: null,
  };
  for (const l of [tuition, other]) delete (l as { invoices?: unknown }).invoices;
  let asked = 0;
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 1, page: 1, page_size: 10, results: [payin] })
    .on('GET', '/api/v1/students/student-1/orders/order-1/invoice_urls/', () => {
      const late =
        (asked += 1) === 1
          ? other
          : { ...other, status: 'success', xml_url: '/x2', pdf_url: '/p2' };
      return jsonResponse(
        links({ status: 'multiple', part: 'tuition', invoices: [tuition, late] }),
      );
    });
  renderHistory();
  expect(
    await screen.findByRole('link', {
      name: 'PDF de Colegiatura 2026-09 de Sofía (factura de colegiatura)',
    }),
  ).toHaveAttribute('href', '/api/v1/invoices/inv-1/pdf/');
  expect(
    await screen.findByRole(
      'link',
      { name: 'XML de Colegiatura 2026-09 de Sofía (factura de recargos y otros conceptos)' },
      { timeout: INVOICE_POLL_MS * 3 },
    ),
  ).toHaveAttribute('href', '/x2');
});

test('no payments yet: the empty state', async () => {
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 0, page: 1, page_size: 10, results: [] });
  renderHistory();
  expect(
    await screen.findByRole('heading', { name: 'Aún no hay pagos registrados' }),
  ).toBeVisible();
});

test('the family’s credit shows per child above the history', async () => {
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 1, page: 1, page_size: 10, results: [payin] })
    .on('GET', '/api/v1/students/student-1/orders/order-1/invoice_urls/', links({}))
    .on('GET', '/api/v1/schools/school-1/credit/', {
      students: [
        {
          student_id: 'student-1',
          name: 'Sofía Pérez',
          credit_centavos: 0,
          refund_owed_centavos: 0,
        },
        {
          student_id: 'student-2',
          name: 'Luis Pérez',
          credit_centavos: 79_500,
          refund_owed_centavos: 0,
        },
      ],
      credit_centavos: 79_500,
      refund_owed_centavos: 0,
    });
  renderHistory();
  const notice = await screen.findByText(
    (_, element) => element?.tagName === 'P' && /^Tienes/.test(element.textContent ?? ''),
  );
  expect(notice).toHaveTextContent(
    'Tienes $795.00 de saldo a favor (Luis Pérez: $795.00). Se aplicará a los siguientes cargos de tus hijos.',
  );
});

test('a payment held for the school’s global invoice says so, and how to get one’s own', async () => {
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 1, page: 1, page_size: 10, results: [payin] })
    .on(
      'GET',
      '/api/v1/students/student-1/orders/order-1/invoice_urls/',
      links({
        status: 'pending',
        uuid: null,
        xml_url: null,
        pdf_url: null,
        global_state: 'held',
      }),
    );
  renderHistory();
  expect(
    await screen.findByText(/Se incluirá en la factura global del periodo \(público en general\)/),
  ).toHaveTextContent('Registra tus datos fiscales para recibirla a tu nombre.');
  expect(screen.queryByRole('link', { name: /PDF de Colegiatura/ })).toBeNull();
});

test('a store sale shows what it bought and its CFDI files (ADR 0083, 0092)', async () => {
  const sale: Payin = {
    ...payin,
    id: 'payin-2',
    amount_centavos: 112_000,
    allocations: [],
    store_order_id: 'store-order-1',
    store_lines: [
      {
        variant_id: 'variant-1',
        item_name: 'Playera polo',
        variant_label: 'Talla 8',
        tax: 'IVA_16',
        unit_price_centavos: 35_000,
        quantity: 2,
      },
      {
        variant_id: 'variant-2',
        item_name: 'Libro de lectura',
        variant_label: '',
        tax: 'IVA_0',
        unit_price_centavos: 42_000,
        quantity: 1,
      },
    ],
  };
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 1, page: 1, page_size: 10, results: [sale] })
    .on(
      'GET',
      '/api/v1/students/student-1/orders/store-order-1/invoice_urls/',
      links({
        part: 'other',
        invoice_id: 'inv-9',
        xml_url: '/api/v1/invoices/inv-9/xml/',
        pdf_url: '/api/v1/invoices/inv-9/pdf/',
      }),
    );
  renderHistory();
  const bought = await screen.findByRole('list', { name: 'Conceptos pagados' });
  expect(within(bought).getByText('Tienda: Playera polo (Talla 8) ×2')).toBeVisible();
  expect(within(bought).getByText('Tienda: Libro de lectura ×1')).toBeVisible();
  expect(within(bought).getByText('$700.00')).toBeVisible();
  expect(
    await within(bought).findByRole('link', { name: 'XML de Compra en la tienda' }),
  ).toHaveAttribute('href', '/api/v1/invoices/inv-9/xml/');
  expect(within(bought).getByRole('link', { name: 'PDF de Compra en la tienda' })).toHaveAttribute(
    'href',
    '/api/v1/invoices/inv-9/pdf/',
  );
});

test('a SPEI reference still awaited shows its CLABE, reference and deadline (ADR 0089)', async () => {
  const awaited: Payin = {
    ...payin,
    id: 'payin-3',
    type: 'TRANSFER_IN',
    method: 'transfer',
    status: 'pending',
    card: null,
    receipt_number: null,
    paid_at: null,
    payment_reference: {
      reference: '4821937',
      clabe: '646180123456789015',
      expires_at: '2026-09-08T22:00:00.000Z',
    },
  };
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, { count: 1, page: 1, page_size: 10, results: [awaited] });
  renderHistory();
  expect(
    await screen.findByText(/CLABE 646180123456789015 · Referencia 4821937 · paga antes del/),
  ).toHaveTextContent('8 sep 2026, 4:00 p.m.');
});

test('money given back shows where it went: the card, or the family’s bank account', async () => {
  const transfer: Payin = {
    ...payin,
    id: 'payin-2',
    type: 'TRANSFER_IN',
    method: 'transfer',
    card: null,
    returned_centavos: 250_000,
  };
  stubFetch()
    .on('GET', ME, [{ result: { data: guardianMeFixture } }])
    .on('GET', PAYINS, {
      count: 3,
      page: 1,
      page_size: 10,
      results: [{ ...payin, returned_centavos: 100_000 }, transfer, { ...payin, id: 'payin-3' }],
    })
    .on('GET', '/api/v1/students/student-1/orders/order-1/invoice_urls/', links({}));
  renderHistory();
  expect(await screen.findByText(/Devuelto a tu tarjeta/)).toHaveTextContent('$1,000.00');
  expect(screen.getByText(/Devuelto a tu cuenta bancaria/)).toHaveTextContent('$2,500.00');
  expect(screen.getAllByText(/Devuelto a tu/)).toHaveLength(2);
});
