/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { creditNoteOverBalance, type Invoice } from '@cuota/contracts/invoicing/invoices';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { NOT_AN_AMOUNT } from './credit-note-form';
import { NOTHING_TO_CREDIT, NO_CREDIT_REASON } from './invoice-actions';
import { InvoicesView } from './invoices-page';

const INVOICES = '/api/v1/dashboard/schools/school-1/invoices/';
const invoice = (changes: Partial<Invoice>): Invoice => ({
  id: 'inv-1',
  school_id: 'school-1',
  document: 'invoice',
  part: 'tuition',
  related_invoice_id: null,
  replaces_invoice_id: null,
  status: 'success',
  uuid: '6F1C1F1E-3B9A-4C55-9D1A-0D6B1C2E3F40',
  series: 'A',
  folio: '101',
  total_centavos: 250_000,
  installment: null,
  receptor_rfc: 'LOPM800101AB8',
  receptor_name: 'MARIA LOPEZ',
  receptor_note: null,
  source_id: 'payin-1',
  student_id: 'student-1',
  order_ids: ['order-1'],
  error: null,
  cancellation_note: null,
  credit_reason: null,
  global_period: null,
  global_state: null,
  created_at: '2026-09-05T16:00:00.000Z',
  stamped_at: '2026-09-05T16:01:00.000Z',
  ...changes,
});
const stamped = invoice({});
const failed = invoice({
  id: 'inv-2',
  status: 'failed',
  uuid: null,
  series: null,
  folio: null,
  stamped_at: null,
  error: {
    code: 'CFDI40148',
    message: 'El código postal del receptor no coincide.',
    source: 'pac',
  },
});
const unsent = invoice({
  id: 'inv-3',
  status: 'failed',
  uuid: null,
  stamped_at: null,
  error: {
    code: 'CURP_ALUMNO_INVALIDA',
    message: 'La CURP del alumno no es válida.',
    source: 'checks',
  },
});
const WITH_ACCEPTANCE =
  'Cancelable con aceptación: el SAT pedirá al receptor aceptar o rechazar; si no responde en 3 días hábiles, queda cancelada.';
const CANCELLABILITY = '/api/v1/dashboard/schools/school-1/invoices/inv-1/cancellability/';
const page = (results: Invoice[]) => ({ count: results.length, page: 1, page_size: 25, results });

function renderInvoices(canWrite: boolean, url = '/dashboard/invoices') {
  return renderWithProviders(<InvoicesView schoolId="school-1" canWrite={canWrite} />, {
    url,
    path: '/dashboard/invoices',
    session: staffSession(),
  });
}

beforeEach(() => forgetCsrfToken());

test('each invoice shows its status as a school reads it; a stamped one links its files', async () => {
  const canceling = invoice({ id: 'inv-4', status: 'canceling' });
  const canceled = invoice({ id: 'inv-5', status: 'canceled' });
  const credit = invoice({ id: 'nc-1', document: 'credit_note', related_invoice_id: 'inv-1' });
  const lateFee = invoice({ id: 'inv-6', part: 'other', folio: '102' });
  const complement = invoice({
    id: 'p-1',
    document: 'payment',
    related_invoice_id: 'inv-1',
    related_folio: 'A-101',
    installment: 2,
    folio: '103',
  });
  // The same CFDI de pago also pays a sibling's PPD invoice: its own row, saying which.
  const rider = { ...complement, id: 'p-2', related_invoice_id: 'inv-7', related_folio: 'A-7' };
  stubFetch().on(
    'GET',
    INVOICES,
    page([stamped, failed, unsent, canceling, canceled, credit, lateFee, complement, rider]),
  );
  renderInvoices(true);
  const rows = within(await screen.findByRole('table', { name: 'Facturas (9)' })).getAllByRole(
    'row',
  );
  expect(rows[1]).toHaveTextContent('A-101ColegiaturaUUID: 6F1C1F1E-3B9A-4C55-9D1A-0D6B1C2E3F40');
  // The folio fiscal in monospace, broken only between its groups (read and copied whole).
  expect(rows[1]!.querySelector('code')!.innerHTML).toBe(
    '6F1C1F1E-<wbr>3B9A-<wbr>4C55-<wbr>9D1A-<wbr>0D6B1C2E3F40',
  );
  expect(rows[2]).not.toHaveTextContent('UUID');
  expect(rows[1]).toHaveTextContent('Timbrada');
  expect(within(rows[1]!).getByRole('link', { name: 'XML de la factura 101' })).toHaveAttribute(
    'href',
    '/api/v1/invoices/inv-1/xml/',
  );
  expect(within(rows[1]!).getByRole('link', { name: 'PDF de la factura 101' })).toHaveAttribute(
    'href',
    '/api/v1/invoices/inv-1/pdf/',
  );
  expect(rows[2]).toHaveTextContent(
    'Rechazada por el SAT: El código postal del receptor no coincide.',
  );
  expect(rows[3]).toHaveTextContent('No se pudo timbrar: La CURP del alumno no es válida.');
  expect(rows[4]).toHaveTextContent('En cancelación');
  expect(rows[5]).toHaveTextContent('Cancelada');
  expect(rows[6]).toHaveTextContent('A-101Nota de crédito · Colegiatura');
  expect(rows[7]).toHaveTextContent('A-102Recargos y otros conceptos');
  expect(rows[8]).toHaveTextContent(
    'A-103Complemento de pago · parcialidad 2 · Colegiatura · paga A-101',
  );
  expect(rows[9]).toHaveTextContent(
    'A-103Complemento de pago · parcialidad 2 · Colegiatura · paga A-7',
  );
});

test('retrying a failed invoice asks invoicing and the list shows the new status', async () => {
  let list = [failed];
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', INVOICES, () => Response.json(page(list)))
    .on('POST', `${INVOICES}inv-2/retry/`, () => {
      list = [invoice({ id: 'inv-2', status: 'pending' })];
      return Response.json(list[0]);
    });
  renderInvoices(true);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Reintentar timbrado' }));
  const table = screen.getByRole('table', { name: 'Facturas (1)' });
  expect(await within(table).findByText('Pendiente')).toBeVisible();
  expect(network.sent('POST', `${INVOICES}inv-2/retry/`)).toHaveLength(1);
});

test('«Refacturar» asks for the substitute and the list shows it; a refusal says why', async () => {
  const path = `${INVOICES}inv-1/reinvoice/`;
  let list = [stamped];
  const substitute = invoice({ id: 'inv-9', status: 'pending', replaces_invoice_id: 'inv-1' });
  let answer: () => Response = () => {
    list = [substitute, stamped];
    return Response.json(substitute);
  };
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', INVOICES, () => Response.json(page(list)))
    .on('POST', path, () => answer());
  renderInvoices(true);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Refacturar la factura 101' }));
  expect(await screen.findByRole('table', { name: 'Facturas (2)' })).toBeVisible();
  expect(network.sent('POST', path)).toHaveLength(1);
  answer = () =>
    apiErrorResponse(409, 'CONFLICT', 'Esta factura ya fue sustituida por otra timbrada.');
  await user.click(screen.getAllByRole('button', { name: 'Refacturar la factura 101' })[1]!);
  expect(
    await screen.findByText('Esta factura ya fue sustituida por otra timbrada.'),
  ).toBeVisible();
});

test('without invoicing.write the retry is disabled and says why', async () => {
  stubFetch().on('GET', INVOICES, page([failed]));
  renderInvoices(false);
  const retry = await screen.findByRole('button', { name: 'Reintentar timbrado' });
  expect(retry).toBeDisabled();
  expect(retry).toHaveAttribute(
    'title',
    'Tu rol no puede reintentar facturas (requiere facturación).',
  );
});

test('sending a stamped invoice by e-mail says where it went, or why not', async () => {
  const send = `${INVOICES}inv-1/send_email/`;
  let answer = apiErrorResponse(422, 'VALIDATION_FAILED', 'El tutor que factura no tiene correo.');
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', INVOICES, page([stamped]))
    .on('POST', send, () => answer);
  renderInvoices(true);
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Enviar por correo la factura 101' });
  await user.click(button);
  expect(await screen.findByText('El tutor que factura no tiene correo.')).toBeVisible();
  answer = jsonResponse({ sent_to: 'tutor@example.mx' });
  await user.click(button);
  expect(await screen.findByRole('status')).toHaveTextContent('Enviada a tutor@example.mx');
});

test('cancelling asks with the chosen motive and the list shows «En cancelación»', async () => {
  let list = [stamped];
  const cancel = '/backoffice/invoicing/cancel/';
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', INVOICES, () => Response.json(page(list)))
    .on('GET', CANCELLABILITY, { cancellable: 'with_acceptance', message: WITH_ACCEPTANCE })
    .on('POST', cancel, () => {
      list = [invoice({ status: 'canceling' })];
      return Response.json(list[0]);
    });
  renderInvoices(true);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Cancelar la factura 101' }));
  // SAT's consulta is read before anything is asked: the receptor will have to accept.
  const form = screen.getByRole('form', { name: 'Cancelar la factura 101' });
  expect(await within(form).findByText(WITH_ACCEPTANCE)).toBeVisible();
  expect(network.sent('POST', cancel)).toHaveLength(0);
  const motive = screen.getByLabelText('Motivo de cancelación');
  await user.selectOptions(motive, '01');
  expect(screen.getByLabelText(/Folio fiscal de la factura que la sustituye/)).toBeRequired();
  await user.selectOptions(motive, '03');
  await user.click(screen.getByRole('button', { name: 'Solicitar cancelación' }));
  const table = screen.getByRole('table', { name: 'Facturas (1)' });
  expect(await within(table).findByText('En cancelación')).toBeVisible();
  const [sent] = network.sent('POST', cancel);
  expect(await sent!.json()).toEqual({
    school_id: 'school-1',
    invoice_id: 'inv-1',
    action: 'cancel',
    motive: '03',
  });
});

test('SAT says «No cancelable»: the form says why and cannot ask', async () => {
  const notCancellable =
    'No cancelable: tiene notas de crédito o complementos de pago vigentes; cancélalos primero.';
  const network = stubFetch()
    .on('GET', INVOICES, page([stamped]))
    .on('GET', CANCELLABILITY, { cancellable: 'not_cancellable', message: notCancellable });
  renderInvoices(true);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Cancelar la factura 101' }));
  expect(await screen.findByText(notCancellable)).toBeVisible();
  expect(screen.getByRole('button', { name: 'Solicitar cancelación' })).toBeDisabled();
  expect(network.sent('GET', CANCELLABILITY)).toHaveLength(1);
});

test('SAT could not be asked: the form says so and still lets staff ask', async () => {
  stubFetch()
    .on('GET', INVOICES, page([stamped]))
    .on('GET', CANCELLABILITY, () =>
      apiErrorResponse(409, 'CONFLICT', 'Solo una factura timbrada se consulta.'),
    );
  renderInvoices(true);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Cancelar la factura 101' }));
  expect(await screen.findByText('Solo una factura timbrada se consulta.')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Solicitar cancelación' })).toBeEnabled();
});

test('a cancellation the receptor rejected: «Timbrada» with the reason', async () => {
  const note = 'El receptor rechazó la cancelación; la factura sigue vigente.';
  stubFetch().on('GET', INVOICES, page([invoice({ cancellation_note: note })]));
  renderInvoices(false);
  const row = within(await screen.findByRole('table', { name: 'Facturas (1)' })).getAllByRole(
    'row',
  )[1]!;
  expect(row).toHaveTextContent(`Timbrada${note}`);
  const cancel = within(row).getByRole('button', { name: 'Cancelar la factura 101' });
  expect(cancel).toBeDisabled();
  expect(cancel).toHaveAttribute(
    'title',
    'Tu rol no puede cancelar facturas (requiere facturación).',
  );
});

test('«Descargar ZIP» takes the list’s filters along', async () => {
  stubFetch().on('GET', INVOICES, page([stamped]));
  renderInvoices(false, '/dashboard/invoices?status=success&search=LOPM');
  expect(await screen.findByRole('link', { name: /^Descargar ZIP/ })).toHaveAttribute(
    'href',
    `${INVOICES}zip/?status=success&search=LOPM`,
  );
});

test('no invoices yet: an empty state in words', async () => {
  stubFetch().on('GET', INVOICES, page([]));
  renderInvoices(true);
  expect(await screen.findByRole('heading', { name: 'Aún no hay facturas' })).toBeVisible();
  expect(screen.queryByRole('link', { name: /^Descargar ZIP/ })).toBeNull();
});

test('«Factura global» with its period, labelled like the others; its payments say where they are', async () => {
  const global = invoice({
    id: 'inv-g',
    document: 'global',
    part: 'other',
    folio: '120',
    receptor_rfc: 'XAXX010101000',
    receptor_name: 'PUBLICO EN GENERAL',
    total_centavos: 550_000,
    global_period: { periodicity: 'monthly', from: '2026-10-01', to: '2026-10-31' },
  });
  const collected = invoice({
    id: 'inv-m',
    status: 'pending',
    uuid: null,
    series: null,
    folio: null,
    stamped_at: null,
    receptor_rfc: 'XAXX010101000',
    receptor_name: 'PUBLICO EN GENERAL',
    receptor_note: 'No hay RFC registrado.',
    global_state: 'collected',
  });
  stubFetch().on('GET', INVOICES, page([global, collected]));
  renderInvoices(true);
  const [, first, second] = within(
    await screen.findByRole('table', { name: 'Facturas (2)' }),
  ).getAllByRole('row');
  expect(first).toHaveTextContent('A-120Factura global mensual · 01/10/2026 al 31/10/2026');
  expect(first).toHaveTextContent('Timbrada');
  // Cancelling it alone would leave its payments without a CFDI (ADR 0042): no button.
  expect(within(first!).queryByRole('button', { name: /Refacturar|Cancelar/ })).toBeNull();
  expect(within(first!).getByRole('link', { name: 'XML de la factura 120' })).toBeVisible();
  expect(second).toHaveTextContent('PendienteIncluido en la factura global de su periodo');
});

describe('«Nota de crédito» on a stamped income invoice', () => {
  const path = `${INVOICES}inv-1/credit_note/`;
  const over = creditNoteOverBalance(250_000);

  test('part of it, with a reason: refusals under their field; the note joins the list', async () => {
    let list = [stamped];
    const note = invoice({
      id: 'nc-7',
      document: 'credit_note',
      related_invoice_id: 'inv-1',
      related_folio: 'A-101',
      status: 'pending',
      uuid: null,
      folio: null,
      stamped_at: null,
      total_centavos: 50_000,
      credit_reason: 'Descuento por hermanos',
    });
    let answer = () =>
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: over,
            details: [{ path: 'amount_centavos', message: over }],
          },
        },
        { status: 400 },
      );
    const network = stubFetch()
      .on('GET', '/api/auth/csrf', { csrfToken: 't' })
      .on('GET', INVOICES, () => Response.json(page(list)))
      .on('POST', path, () => answer());
    renderInvoices(true);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Nota de crédito de la factura 101' }),
    );
    const amount = screen.getByLabelText(/Importe de la nota de crédito/);
    await user.type(amount, 'quinientos');
    await user.click(screen.getByRole('button', { name: 'Emitir nota de crédito' }));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(NOT_AN_AMOUNT));
    expect(network.sent('POST', path)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '5,000.00');
    await user.type(screen.getByLabelText(/Motivo/), 'Descuento por hermanos');
    await user.click(screen.getByRole('button', { name: 'Emitir nota de crédito' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(expect.stringContaining(over)));

    answer = () => {
      list = [note, stamped];
      return Response.json(note);
    };
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(screen.getByRole('button', { name: 'Emitir nota de crédito' }));
    const table = await screen.findByRole('table', { name: 'Facturas (2)' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Nota de crédito · Colegiatura · de A-101');
    expect(row).toHaveTextContent('Motivo: Descuento por hermanos');
    expect(row).toHaveTextContent('Pendiente');
    const [refused, asked] = network.sent('POST', path);
    expect(await asked!.json()).toEqual({
      amount_centavos: 50_000,
      reason: 'Descuento por hermanos',
    });
    // The refused attempt recorded nothing: the corrected one may keep its key.
    expect(asked!.headers.get('idempotency-key')).toBe(refused!.headers.get('idempotency-key'));
  });

  test('left empty it credits what remains; each new note gets a new key', async () => {
    const network = stubFetch()
      .on('GET', '/api/auth/csrf', { csrfToken: 't' })
      .on('GET', INVOICES, page([stamped]))
      .on('POST', path, () => Response.json(invoice({ id: 'nc-8', document: 'credit_note' })));
    renderInvoices(true);
    const user = userEvent.setup();
    for (const _ of [1, 2]) {
      await user.click(
        await screen.findByRole('button', { name: 'Nota de crédito de la factura 101' }),
      );
      await user.click(screen.getByRole('button', { name: 'Emitir nota de crédito' }));
    }
    await screen.findByRole('button', { name: 'Nota de crédito de la factura 101' });
    const sent = network.sent('POST', path);
    expect(sent).toHaveLength(2);
    expect(await sent[0]!.json()).toEqual({});
    const keys = sent.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[\w.:-]{8,128}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  test('shows what remains before asking, fills it in, and refuses more in pesos', async () => {
    const partly = invoice({ creditable_centavos: 150_000 });
    const network = stubFetch()
      .on('GET', '/api/auth/csrf', { csrfToken: 't' })
      .on('GET', INVOICES, page([partly]))
      .on('POST', path, () => Response.json(invoice({ id: 'nc-9', document: 'credit_note' })));
    renderInvoices(true);
    const row = within(await screen.findByRole('table', { name: 'Facturas (1)' })).getAllByRole(
      'row',
    )[1]!;
    expect(row).toHaveTextContent('$2,500.00Por acreditar: $1,500.00');
    const user = userEvent.setup();
    await user.click(
      within(row).getByRole('button', { name: 'Nota de crédito de la factura 101' }),
    );
    const amount = screen.getByLabelText(/Importe de la nota de crédito/);
    expect(amount).toHaveValue('1500.00');
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining('Queda por acreditar $1,500.00 de $2,500.00.'),
    );
    await user.clear(amount);
    await user.type(amount, '1,500.01');
    await user.click(screen.getByRole('button', { name: 'Emitir nota de crédito' }));
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining(
        'El importe de la nota de crédito no puede ser mayor que lo que queda por acreditar de la factura: $1,500.00.',
      ),
    );
    expect(network.sent('POST', path)).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '1,500');
    await user.click(screen.getByRole('button', { name: 'Emitir nota de crédito' }));
    await waitFor(() => expect(network.sent('POST', path)).toHaveLength(1));
    expect(await network.sent('POST', path)[0]!.json()).toEqual({ amount_centavos: 150_000 });
  });

  test('nothing left to credit: the button is disabled and says so', async () => {
    stubFetch().on('GET', INVOICES, page([invoice({ creditable_centavos: 0 })]));
    renderInvoices(true);
    const button = await screen.findByRole('button', { name: 'Nota de crédito de la factura 101' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', NOTHING_TO_CREDIT);
  });

  test('only on a stamped income invoice; without invoicing.write it is disabled and says why', async () => {
    const credit = invoice({ id: 'nc-1', document: 'credit_note', related_invoice_id: 'inv-1' });
    stubFetch().on('GET', INVOICES, page([stamped, credit, failed]));
    renderInvoices(false);
    const buttons = await screen.findAllByRole('button', { name: /Nota de crédito de la factura/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toBeDisabled();
    expect(buttons[0]).toHaveAttribute('title', NO_CREDIT_REASON);
  });
});
