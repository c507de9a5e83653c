import type { Browser, Page } from 'playwright-core';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { expectAccessible } from '../support/accessibility';
import { launchBrowser } from '../support/browser';
import { queryEnrolment } from '../support/enrolment-records';
import { newFamilyPage, newStaffPage } from '../support/sign-in';
import { startSystemUnderTest, type SystemUnderTest } from '../support/system-under-test';

/**
 * Issue 8's money loop in Chromium against the running system: a school bills a month, a
 * family pays it by card in the gateway's form, the desk takes cash from another family, and
 * the accountant sees payins, invoices and who owes what. Steps run in order (each builds on
 * the one before), as one school's day would.
 */

let system: SystemUnderTest;
let browser: Browser;
const run = Date.now().toString(36);
const tuition = `Colegiatura ${run}`;
const inscription = `Inscripción ${run}`;
const PERIOD = '2026-09';

beforeAll(async () => {
  system = await startSystemUnderTest();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await system?.shutdown();
});

const url = (path: string) => new URL(path, system.urls.portal).toString();

const signInAs = (role: StaffRole): Promise<Page> => newStaffPage(browser, system, role);

/** A family signs in with the code e-mailed to it. */
const signInFamily = (email: string, guardianHash: string): Promise<Page> =>
  newFamilyPage(browser, system, { email, guardianHash });

/**
 * A student the other demo family bills, as enrolment holds them. The desk finds them by CURP:
 * demo surnames repeat every 25 families, so a search by last name can pick another family.
 */
async function otherFamily() {
  const [row] = await queryEnrolment<{ email: string; hash: string; curp: string }>(
    system.profile.postgresUrl,
    system.profile.databasePrefix,
    `SELECT g.email, g.guardian_hash AS hash, s.curp
       FROM guardians g
       JOIN student_guardians sg ON sg.guardian_id = g.id
       JOIN students s ON s.id = sg.student_id
      WHERE g.id = $1 AND s.billing_guardian_id = g.id AND s.status = 'active'
      ORDER BY s.curp LIMIT 1`,
    [system.demo.other_guardian_id],
  );
  return row!;
}

test('1–2. the accountant creates a monthly fee and an inscription, and bills September twice', async () => {
  const page = await signInAs('ACCOUNTANT');
  await page.getByRole('link', { name: 'Conceptos', exact: true }).click();
  await page.getByRole('table', { name: 'Conceptos de cobro' }).waitFor();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Nuevo concepto' }).click();
  let form = page.getByRole('form', { name: 'Nuevo concepto' });
  await form.getByLabel('Nombre').fill(tuition);
  await form.getByLabel('Precio').fill('2,500.00');
  await form.getByLabel('Nivel').selectOption('elementary');
  await form.getByLabel('Primer mes').fill(PERIOD);
  await form.getByLabel('Número de meses').fill('10');
  await form.getByLabel('Día de vencimiento').fill('10');
  await form.getByLabel('Tipo de recargo').selectOption('PERCENT');
  await form.getByRole('textbox', { name: 'Porcentaje mensual' }).fill('5');
  await form.getByLabel('Tope del recargo (opcional)').fill('500');
  await form.getByLabel('Días de gracia').fill('5');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Crear concepto' }).click();
  await page.getByRole('cell', { name: `${tuition} Colegiatura · Primaria` }).waitFor();

  await page.getByRole('button', { name: 'Nuevo concepto' }).click();
  form = page.getByRole('form', { name: 'Nuevo concepto' });
  await form.getByLabel('Nombre').fill(inscription);
  await form.getByRole('combobox', { name: /^Tipo(?! de recargo)/ }).selectOption('INSCRIPTION');
  await form.getByLabel('Precio').fill('3,000');
  await form.getByLabel('Fecha de vencimiento').fill('2026-08-20');
  await form.getByLabel('Tipo de recargo').selectOption('FIXED');
  await form.getByLabel('Monto del recargo').fill('200');
  await form.getByRole('button', { name: 'Crear concepto' }).click();
  await page
    .getByRole('cell', { name: `${inscription} Inscripción · todos los niveles` })
    .waitFor();

  await page.getByRole('link', { name: 'Generar órdenes', exact: true }).click();
  const preview = async () => {
    await page.getByLabel('Concepto').selectOption({ label: tuition });
    await page.getByLabel('Mes').selectOption(PERIOD);
    await page.getByRole('button', { name: 'Generar órdenes' }).click();
    return page.getByRole('region', { name: 'Vista previa de la generación' });
  };
  const asked = await preview();
  const previewed = Number(/(\d+) alumnos? por/.exec(await asked.innerText())![1]);
  await asked.getByRole('button', { name: 'Confirmar' }).click();
  const result = page.getByRole('region', { name: 'Resultado de la generación' });
  await result.getByText('Terminada').waitFor();
  const first = await result.innerText();
  const eligible = Number(/Alumnos elegibles\s*(\d+)/.exec(first)![1]);
  expect(eligible).toBeGreaterThan(0);
  expect(previewed).toBe(eligible);
  expect(first).toMatch(new RegExp(`Órdenes creadas\\s*${eligible}`));
  await expectAccessible(page);
  // Twice over: the month's run stands, so the preview names it and cannot be confirmed.
  const again = await preview();
  await again.getByText(/Ya hay una generación de \S+ \d{4}/).waitFor();
  expect(await again.getByRole('button', { name: 'Confirmar' }).isDisabled()).toBe(true);
});

test('3–5. the family selects what it owes, a declined card changes nothing, the test card pays it, and the CFDI is in the history', async () => {
  const { demo } = system;
  const page = await signInFamily(demo.guardian_email, demo.guardian_hash);
  await page.getByRole('link', { name: 'Pagos', exact: true }).click();
  const owed = page.getByRole('checkbox', { name: new RegExp(`Pagar ${tuition} septiembre 2026`) });
  await owed.first().waitFor();
  await expectAccessible(page);
  await owed.first().check();
  await page.getByText(/Total a pagar: \$[1-9]/).waitFor();
  // The selection survives a reload (fulfillment-selection in session storage).
  await page.reload();
  await page.getByText(/Total a pagar: \$[1-9]/).waitFor();

  await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
  const card = page.frameLocator('iframe[title="Datos de la tarjeta"]');
  const pay = async (number: string) => {
    // The whole form in view first, as a person sees it: the framed form grows as the card's
    // brand shows under its number, and a click that scrolls at that moment can land in it.
    await page.getByRole('button', { name: /^Pagar \$[1-9]/ }).scrollIntoViewIfNeeded();
    await card.getByLabel('Nombre como aparece en la tarjeta').fill('MARIA LOPEZ');
    await card.getByLabel('Número de tarjeta').fill(number);
    await card.getByLabel('Vencimiento (MM/AA)').fill('12/30');
    await card.getByLabel('Código de seguridad').fill('123');
    await page.getByRole('button', { name: /^Pagar \$[1-9]/ }).click();
  };
  await pay('4349001210846432');
  // The card form's own message, said once: the page's alert banner does not repeat it.
  const declined = page.getByRole('alert').filter({ hasText: /fondos|rechaz/i });
  await page
    .getByRole('main')
    .getByRole('alert')
    .filter({ hasText: /fondos|rechaz/i })
    .waitFor();
  expect(await declined.count()).toBe(1);
  await expectAccessible(page);

  await pay('5451951574925480');
  // Settled by the gateway's signed notification, seen without a reload.
  await page.getByRole('heading', { name: '¡Pago recibido!' }).waitFor({ timeout: 30_000 });

  await page.getByRole('link', { name: 'Historial de pagos' }).click();
  const paid = page.getByRole('list', { name: 'Conceptos pagados' }).first();
  // Once stamped, the invoice links repeat the concept's name: the line itself comes first.
  await paid.getByText(`${tuition} ${PERIOD}`).first().waitFor();
  const pdf = page.getByRole('link', { name: new RegExp(`^PDF de ${tuition} ${PERIOD}`) }).first();
  await pdf.waitFor({ timeout: 30_000 });
  const xml = page.getByRole('link', { name: new RegExp(`^XML de ${tuition} ${PERIOD}`) }).first();
  const xmlFile = await page.request.get(url((await xml.getAttribute('href'))!));
  expect(xmlFile.status()).toBe(200);
  expect(await xmlFile.text()).toContain('cfdi:Comprobante');
  const pdfFile = await page.request.get(url((await pdf.getAttribute('href'))!));
  expect(pdfFile.headers()['content-type']).toContain('application/pdf');
  await expectAccessible(page);
});

test('6. the desk records cash for another family and prints the receipt', async () => {
  const family = await otherFamily();
  const page = await signInAs('CASH_COLLECTION');
  await page.getByRole('link', { name: 'Registrar pago', exact: true }).click();
  await page.getByLabel('Alumno', { exact: true }).fill(family.curp);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('list', { name: 'Alumnos encontrados' }).getByRole('button').first().click();
  // What the family owes today, before any amount is typed (ADR 0036).
  await page.getByText(/La familia debe hoy/).waitFor();
  await page.getByLabel('Monto recibido').fill('1,000.00');
  await page.getByRole('button', { name: 'Revisar pago' }).click();
  await page.getByRole('table', { name: 'Aplicado a' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmar pago' }).click();
  await page.getByRole('heading', { name: 'Pago registrado' }).waitFor();
  await page.getByRole('button', { name: 'Imprimir recibo' }).waitFor();
  await expectAccessible(page);

  const receipt = await page
    .getByRole('link', { name: 'Descargar recibo (PDF)' })
    .getAttribute('href');
  const pdf = await page.request.get(url(receipt!));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
});

test('6. that family sees the desk payment in its history', async () => {
  const family = await otherFamily();
  const portal = await signInFamily(family.email, family.hash);
  await portal.getByRole('link', { name: 'Historial de pagos' }).click();
  const history = portal.getByRole('main');
  await history
    .getByText(/Descargar recibo|Aún no hay pagos/)
    .first()
    .waitFor();
  expect(await history.innerText()).toContain('$1,000.00');
});

test('7. the accountant sees the payins and one payin, and the invoices with their status', async () => {
  const page = await signInAs('ACCOUNTANT');
  await page.getByRole('link', { name: 'Pagos', exact: true }).click();
  const payins = page.getByRole('table', { name: /^Pagos \(/ });
  await payins.getByRole('row').nth(1).waitFor();
  await expectAccessible(page);
  // The desk's cash payment is the newest.
  expect(await payins.getByRole('row').nth(1).innerText()).toMatch(/En caja[\s\S]*\$1,000\.00/);
  // The accountant may read payments but not take cash: the desk says so.
  await payins.getByRole('row').nth(1).getByRole('link').click();
  await page.getByRole('table', { name: 'Aplicado a' }).waitFor();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Registrar pago', exact: true }).click();
  await page
    .getByText('Tu rol puede consultar esta sección, pero no registrar pagos en caja.')
    .waitFor();
  expect(await page.getByRole('button', { name: 'Revisar pago' }).isDisabled()).toBe(true);

  await page.getByRole('link', { name: 'Facturas', exact: true }).click();
  await page.getByRole('table', { name: /^Facturas \(/ }).waitFor();
  await expectAccessible(page);
});

test('7. the accountant sees who owes what, a student’s open orders, and the Excel', async () => {
  const page = await signInAs('ACCOUNTANT');
  await page.getByRole('link', { name: 'Adeudos', exact: true }).click();
  const due = page.getByRole('table', { name: /^Alumnos con adeudos \(/ });
  await due.getByRole('row').nth(1).waitFor();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  expect((await download).suggestedFilename()).toBe('adeudos.xlsx');
  await due.getByRole('row').nth(1).getByRole('link').click();
  await page.getByRole('table', { name: 'Órdenes abiertas' }).waitFor();
  await expectAccessible(page);
});
