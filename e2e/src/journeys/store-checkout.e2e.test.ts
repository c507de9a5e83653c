import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { payReferenceAtGateway } from '../support/gateway-payins';
import { readMailText } from '../support/mailbox';
import { VIEWPORTS } from '../support/screenshots';
import { startJourney } from '../support/journey';
import { newStaffPage } from '../support/sign-in';

const journey = startJourney();

const BOOK = 'Matemáticas 3° de primaria';
const BUYER = 'mama.compradora@example.com';

async function signInTreasurer(width: number, height: number): Promise<Page> {
  const page = await newStaffPage(journey.browser, journey.system, 'TREASURER', {
    viewport: { width, height },
  });
  await page.goto(new URL('/dashboard/store', journey.system.urls.dashboardLogin).toString());
  return page;
}

/** Types a card into the gateway's hosted form (framed by Cuota's own page) and pays. */
async function payWith(page: Page, number: string) {
  const card = page.frameLocator('iframe[title="Datos de la tarjeta"]');
  const pay = page.getByRole('button', { name: /^Pagar \$[1-9]/ });
  await pay.scrollIntoViewIfNeeded();
  await card.getByLabel('Nombre como aparece en la tarjeta').fill('MARIA LOPEZ');
  await card.getByLabel('Número de tarjeta').fill(number);
  await card.getByLabel('Vencimiento (MM/AA)').fill('12/30');
  await card.getByLabel('Código de seguridad').fill('123');
  await pay.click();
}

test("a guest buys a book by card on the school's own site; Tienda sees the stock and the order", async () => {
  const staff = await signInTreasurer(VIEWPORTS.desktop.width, VIEWPORTS.desktop.height);
  const stockOfBook = staff.getByLabel(`Existencias de ${BOOK}`);
  await stockOfBook.filter({ hasText: '15 disponibles' }).waitFor();

  const page = await (await journey.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  await page.goto(journey.system.urls.schoolSite);
  const store = page.frameLocator('#cuota-store-frame');
  await store.getByRole('button', { name: `Agregar al carrito: ${BOOK}` }).click();
  await store.getByRole('link', { name: 'Ver carrito (1)' }).click();
  // Paying breaks out of the school's frame to Cuota's own page, the cart carried along.
  await store.getByRole('button', { name: 'Continuar al pago' }).click();
  await page.waitForURL(/\/store\/[^/]+\/pago\?lineas=/);
  await page.getByRole('heading', { name: 'Forma de pago' }).waitFor();
  // A guest leaves what the school's sign-up asks: they become an admissions lead (ADR 0083).
  await page.getByLabel('Tu nombre').fill('Laura');
  await page.getByLabel('Tus apellidos').fill('Gómez Ruiz');
  await page.getByLabel('Tu correo').fill(BUYER);
  await page.getByLabel('Tu teléfono').fill('5512345678');
  await page.getByLabel('Nombre del alumno').fill('Pablo');
  await page.getByLabel('Apellidos del alumno').fill('Gómez');
  await page.getByRole('checkbox', { name: /Acepto el aviso de privacidad/ }).check();
  await page.getByRole('button', { name: 'Pagar $415.00' }).waitFor();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/i21-guest-lead-1280.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.phone);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/i21-guest-lead-390.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.desktop);

  await payWith(page, '4349001210846432');
  await page
    .getByRole('alert')
    .filter({ hasText: /fondos|rechaz/i })
    .waitFor();
  await payWith(page, '5451951574925480');
  // Settled by the gateway's signed notification, seen without a reload.
  await page.getByRole('heading', { name: '¡Compra confirmada!' }).waitFor({ timeout: 30_000 });
  await page.getByText(/Folio de tu comprobante: R-\d{6}/).waitFor();
  // The receipt reaches the e-mail the guest left, naming what was bought.
  const receipt = await readMailText(journey.system.urls.mailbox, BUYER, /Pago recibido|tienda/);
  expect(receipt).toContain(`${BOOK} (Única) ×1`);
  await page.screenshot({ path: '/tmp/i21-checkout-site-1280.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.phone);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/i21-checkout-site-390.png', fullPage: true });

  // Tienda: one unit fewer, and the paid order waits to be delivered.
  await staff.reload();
  await stockOfBook.filter({ hasText: '14 disponibles' }).waitFor();
  const orders = staff.getByRole('table', { name: 'Pedidos pagados por entregar' });
  await orders.getByText(`1 × ${BOOK} (Única)`).waitFor();
  // Who bought: the guest's e-mail and their admissions lead (ADR 0092).
  const bought = orders.getByRole('row').filter({ hasText: BUYER });
  await bought.getByRole('link', { name: 'Ver prospecto' }).waitFor();
  await expectAccessible(staff);
  await staff.screenshot({ path: '/tmp/i21-checkout-tienda-1280.png', fullPage: true });
  await staff.setViewportSize(VIEWPORTS.phone);
  await orders.getByText(`1 × ${BOOK} (Única)`).waitFor();
  await staff.screenshot({ path: '/tmp/i21-checkout-tienda-390.png', fullPage: true });
  await staff.getByRole('button', { name: 'Marcar entregado' }).first().click();
  await orders.getByText(`1 × ${BOOK} (Única)`).waitFor({ state: 'detached' });
});

test('a guest buys by SPEI on the store page: CLABE and reference, paid at the bank, e-mailed', async () => {
  const { system, browser } = journey;
  const buyer = 'papa.transferencia@example.com';
  const page = await (
    await browser.newContext({
      viewport: VIEWPORTS.desktop,
      locale: 'es-MX',
      timezoneId: 'America/Mexico_City',
    })
  ).newPage();
  await page.goto(new URL(`/store/${system.demo.school_id}`, system.urls.portal).href);
  await page.getByRole('button', { name: `Agregar al carrito: ${BOOK}` }).click();
  await page.getByRole('link', { name: 'Ver carrito (1)' }).click();
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
  await page.getByRole('heading', { name: 'Forma de pago' }).waitFor();
  await page.getByLabel('Tu nombre').fill('Jorge');
  await page.getByLabel('Tus apellidos').fill('Ruiz Díaz');
  await page.getByLabel('Tu correo').fill(buyer);
  await page.getByLabel('Tu teléfono').fill('5587654321');
  await page.getByLabel('Nombre del alumno').fill('Emilia');
  await page.getByLabel('Apellidos del alumno').fill('Ruiz');
  await page.getByRole('checkbox', { name: /Acepto el aviso de privacidad/ }).check();
  await page.getByRole('radio', { name: /Transferencia \(SPEI\)/ }).check();
  await page.getByRole('button', { name: 'Obtener referencia de pago' }).click();

  const instructions = page.getByRole('region', { name: 'Paga por transferencia (SPEI)' });
  await instructions.getByText('CLABE', { exact: true }).waitFor();
  const text = await instructions.innerText();
  expect(text).toMatch(/646 180 \d{11} \d/);
  expect(text).toMatch(/\$415\.00/);
  expect(text).toMatch(/Paga antes del/);
  await instructions.getByRole('button', { name: 'Imprimir instrucciones' }).waitFor();
  const reference = /Referencia\s+(\d{7})/.exec(text)![1]!;
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/i21-spei-reference-1280.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.phone);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/i21-spei-reference-390.png', fullPage: true });

  // The guest transfers at their bank: the gateway's notice settles the sale as a card's.
  expect((await payReferenceAtGateway(system, reference)).status).toBe(200);
  await page.getByRole('heading', { name: '¡Compra confirmada!' }).waitFor({ timeout: 30_000 });
  await page.getByText(/Folio de tu comprobante: R-\d{6}/).waitFor();
  const receipt = await readMailText(system.urls.mailbox, buyer, /Pago recibido|tienda/);
  expect(receipt).toContain(`${BOOK} (Única) ×1`);
  await page.screenshot({ path: '/tmp/i21-spei-paid-390.png', fullPage: true });
});
