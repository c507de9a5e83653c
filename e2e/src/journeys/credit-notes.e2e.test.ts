import type { Locator, Page } from 'playwright-core';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { expectAccessible } from '../support/accessibility';
import { queryEnrolment } from '../support/enrolment-records';
import { eventually } from '../support/eventually';
import { VIEWPORTS } from '../support/screenshots';
import { startJourney } from '../support/journey';
import { newFamilyPage, newStaffPage } from '../support/sign-in';

/**
 * Issue 19's credit note from Facturas in Chromium against the running system: the desk takes
 * cash from a family, its CFDI is stamped; the accountant sees what is left of it before
 * asking (ADR 0073), is refused more than that in pesos, gives part back with a reason, and
 * sees the note stamped with its UUID and the invoice's remainder shrink; the family finds
 * the note's XML and PDF in its payment history (issue 19: «visible in its history»).
 */

const journey = startJourney();

const url = (path: string) => new URL(path, journey.system.urls.portal).toString();

const signInAs = (role: StaffRole, viewport = VIEWPORTS.desktop): Promise<Page> =>
  newStaffPage(journey.browser, journey.system, role, { viewport });

/**
 * The demo family (its RFC is in the PAC sandbox's registry, as SAT's list would have it), as
 * enrolment holds it: found by its student's CURP at the desk and by its RFC in Facturas.
 */
async function family() {
  const [row] = await queryEnrolment<{ email: string; hash: string; curp: string; rfc: string }>(
    journey.system.profile.postgresUrl,
    journey.system.profile.databasePrefix,
    `SELECT g.email, g.guardian_hash AS hash, s.curp, g.tax_id AS rfc
       FROM guardians g
       JOIN students s ON s.billing_guardian_id = g.id
      WHERE g.id = $1 AND s.status = 'active'
      ORDER BY s.curp LIMIT 1`,
    [journey.system.demo.guardian_id],
  );
  return row!;
}

/** Facturas filtered to the family's RFC, reloaded until `ready` holds (stamping is async). */
async function invoicesOf(page: Page, rfc: string, ready: (table: Locator) => Promise<boolean>) {
  const table = page.getByRole('table', { name: /^Facturas \(/ });
  await eventually(async () => {
    await page.goto(url(`/dashboard/invoices?search=${rfc}`));
    await page.waitForLoadState('networkidle');
    // What the list shows when it is not there yet says why (still pending, failed…).
    const shown = (await table.count()) ? await table.innerText() : await page.innerText('main');
    expect({ ready: (await table.count()) > 0 && (await ready(table)), shown }).toEqual({
      ready: true,
      shown,
    });
  }, 90_000);
  return table;
}

const sidewaysScroll = (page: Page) =>
  page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');

test('the accountant gives part of a stamped invoice back; the family sees the note', async () => {
  const { email, hash, curp, rfc } = await family();
  const desk = await signInAs('CASH_COLLECTION');
  await desk.getByRole('link', { name: 'Registrar pago', exact: true }).click();
  await desk.getByLabel('Alumno', { exact: true }).fill(curp);
  await desk.getByRole('button', { name: 'Buscar' }).click();
  await desk.getByRole('list', { name: 'Alumnos encontrados' }).getByRole('button').first().click();
  await desk.getByText(/La familia debe hoy/).waitFor();
  await desk.getByLabel('Monto recibido').fill('1,000.00');
  await desk.getByRole('button', { name: 'Revisar pago' }).click();
  await desk.getByRole('button', { name: 'Confirmar pago' }).click();
  await desk.getByRole('heading', { name: 'Pago registrado' }).waitFor();

  const page = await signInAs('ACCOUNTANT');
  // A row whose «Nota de crédito» may be used (`has` is read inside each row).
  const credit = page.getByRole('button', {
    name: /^Nota de crédito de la factura/,
    disabled: false,
  });
  const creditable = (t: Locator) => t.getByRole('row').filter({ has: credit });
  let table = await invoicesOf(page, rfc, async (t) => (await creditable(t).count()) > 0);
  const invoiceRow = creditable(table).first();
  const folio = /(\S+-\d+)/.exec(await invoiceRow.getByRole('cell').nth(1).innerText())![1]!;
  const total = (await invoiceRow.getByRole('cell').nth(3).innerText()).trim();
  await invoiceRow.getByRole('button', { name: /^Nota de crédito de la factura/ }).click();

  // What is left shows before asking, and fills the amount: nothing credited yet, all of it.
  const amount = page.getByLabel('Importe de la nota de crédito');
  await page.getByText(`Queda por acreditar ${total} de ${total}.`).waitFor();
  const left = await amount.inputValue();
  expect(`$${Number(left).toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(total);
  await expectAccessible(page);
  await amount.fill(String(Number(left) + 1));
  await page.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  await page
    .getByText(
      `El importe de la nota de crédito no puede ser mayor que lo que queda por acreditar de la factura: ${total}.`,
    )
    .waitFor();
  await amount.fill('100.00');
  await page.getByLabel('Motivo (opcional)').fill('Descuento por hermanos');
  await page.getByRole('button', { name: 'Emitir nota de crédito' }).click();

  // The note, stamped with its UUID; the invoice says what is left of it now.
  const noteRow = (t: Locator) =>
    t
      .getByRole('row')
      .filter({ hasText: `Nota de crédito` })
      .filter({ hasText: `de ${folio}` });
  table = await invoicesOf(
    page,
    rfc,
    async (t) =>
      (await noteRow(t).count()) > 0 && /Timbrada/.test(await noteRow(t).first().innerText()),
  );
  const note = await noteRow(table).first().innerText();
  expect(note).toMatch(/UUID: [0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/);
  expect(note).toContain('Motivo: Descuento por hermanos');
  expect(note).toContain('$100.00');
  const remainder = Number(left) * 100 - 100_00;
  const pesos = (remainder / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await table
    .getByRole('row')
    .filter({ hasText: folio })
    .filter({ hasText: `Por acreditar: $${pesos}` })
    .first()
    .waitFor();
  await expectAccessible(page);
  expect(await sidewaysScroll(page)).toBe(false);
  await page.screenshot({ path: '/tmp/i19-credit-notes-1280.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.phone);
  await page.reload();
  await table.waitFor();
  expect(await sidewaysScroll(page)).toBe(false);
  await page.screenshot({ path: '/tmp/i19-credit-notes-390.png', fullPage: true });

  const portal = await newFamilyPage(journey.browser, journey.system, {
    email,
    guardianHash: hash,
  });
  await portal.getByRole('link', { name: 'Historial de pagos' }).click();
  const xml = portal.getByRole('link', { name: /^XML de la nota de crédito de / }).first();
  await xml.waitFor({ timeout: 30_000 });
  const file = await portal.request.get(url((await xml.getAttribute('href'))!));
  expect(file.status()).toBe(200);
  const cfdi = await file.text();
  expect(cfdi).toContain('TipoDeComprobante="E"');
  expect(cfdi).toContain('Total="100.00"');
  await expectAccessible(portal);
});
