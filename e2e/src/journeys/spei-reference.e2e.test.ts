import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { payReferenceAtGateway } from '../support/gateway-payins';
import { startJourney } from '../support/journey';
import { newStaffPage } from '../support/sign-in';
import { staffApi } from '../support/staff-api';
import { readLoginCode, readMailText } from '../support/mailbox';
import resetE2eState from '../support/reset-e2e-state';
import { VIEWPORTS } from '../support/screenshots';
import { waitFor } from '@cuota/testing/wait-for';

/**
 * A family pays by SPEI (ADR 0089): picks what it owes, chooses «Transferencia (SPEI)», reads
 * the CLABE, reference, amount and expiry (phone and desktop), transfers at its bank (the
 * gateway sandbox plays the bank), and finds the payment in its history without asking anyone.
 * The same reference also reaches the family's e-mail, «Tu referencia de pago» (ADR 0103).
 */
const journey = startJourney();
afterAll(() => resetE2eState()); // the transfer stays paid: later journeys start from the seed

async function familyPage(): Promise<Page> {
  const { system, browser } = journey;
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  const page = await context.newPage();
  await page.goto(system.urls.guardianLogin);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const sentAt = new Date(Date.now() - 2000);
  const code = await readLoginCode(system.urls.mailbox, system.demo.guardian_email, sentAt);
  await page.getByLabel('Código de acceso').fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('dependent-card').first().waitFor();
  return page;
}

test('«Transferencia (SPEI)»: CLABE and reference at both widths; the transfer lands in the history', async () => {
  const page = await familyPage();
  await page.getByRole('link', { name: 'Pagos', exact: true }).click();
  const owed = page.getByRole('checkbox', { name: /^Pagar / });
  await owed.first().waitFor();
  await owed.first().check();
  await page.getByText(/Total a pagar: \$[1-9]/).waitFor();
  await page.getByRole('button', { name: 'Transferencia (SPEI)' }).click();

  const instructions = page.getByRole('region', { name: 'Paga por transferencia (SPEI)' });
  await instructions.getByText('CLABE', { exact: true }).waitFor();
  const text = await instructions.innerText();
  expect(text).toMatch(/646 180 \d{11} \d/);
  expect(text).toMatch(/Paga antes del/);
  const reference = /Referencia\s+(\d{7})/.exec(text)![1]!;
  const { urls, demo } = journey.system;
  const mailed = await readMailText(urls.mailbox, demo.guardian_email, new RegExp(reference));
  expect(mailed).toMatch(/transfiere por SPEI a la CLABE 646180\d{12} \(STP\)/);
  expect(mailed).toMatch(/Paga antes del \d{1,2} de \w+ de \d{4}, \d\d:\d\d h/);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/cuota-spei-instructions-1280.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.phone);
  const overflow = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/cuota-spei-instructions-390.png', fullPage: true });

  // The family transfers at its bank: the gateway notifies payments, which pays the order.
  const paid = await payReferenceAtGateway(journey.system, reference);
  expect(paid.status).toBe(200);
  await page.getByRole('button', { name: 'Volver a lo que tienes por pagar' }).click();
  await page.getByRole('link', { name: 'Historial de pagos' }).click();
  // The payment's card: paid («Exitoso»), by transfer, with the order it paid.
  await page
    .getByRole('main')
    .getByText(/Exitoso\s+Transferencia$/)
    .first()
    .waitFor({ timeout: 30_000 });
  await page.getByRole('list', { name: 'Conceptos pagados' }).first().waitFor();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/cuota-spei-history-390.png', fullPage: true });
});

test('the treasurer sends the transfer back to a bank account (ADR 0110), at both widths', async () => {
  const { system, browser } = journey;
  const api = await staffApi(system, 'TREASURER');
  const { results } = await api<{ results: Array<{ id: string; status: string }> }>(
    `/api/v2/schools/${system.demo.school_id}/payins/?type=TRANSFER_IN&status=success`,
  );
  const page = await newStaffPage(browser, system, 'TREASURER', { viewport: VIEWPORTS.desktop });
  await page.goto(
    new URL(`/dashboard/payments/${results[0]!.id}`, system.urls.dashboardLogin).href,
  );
  const form = page.getByRole('form', { name: 'Devolver a cuenta bancaria' });
  await form.getByLabel('CLABE').fill('012 180 0000000000 15');
  await form.getByText('Banco: BBVA México').waitFor();
  await form.getByLabel('Titular').fill('Lucía Hernández');
  await form.getByLabel('Motivo').fill('La familia pagó de más');
  await page.screenshot({ path: '/tmp/cuota-refund-bank-1280.png', fullPage: true });
  await form.getByRole('button', { name: 'Devolver a cuenta bancaria' }).click();
  await form
    .getByRole('status')
    .getByText(/BBVA México \(Lucía Hernández\): pendiente/)
    .waitFor();
  // The detail lists it too, as it will after a reload.
  await page
    .getByRole('table', { name: 'Devoluciones y anulaciones' })
    .getByText('A cuenta bancaria: BBVA México · Lucía Hernández')
    .waitFor();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/cuota-refund-bank-sent-1280.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.phone);
  const overflow = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/cuota-refund-bank-sent-390.png', fullPage: true });

  // After a reload, once the gateway paid it out: applied, and the order shown as taken back.
  await page.setViewportSize(VIEWPORTS.desktop);
  const reversals = page.getByRole('table', { name: 'Devoluciones y anulaciones' });
  await waitFor(async () => {
    await page.reload();
    await reversals.waitFor();
    return reversals.getByText('Aplicada').isVisible();
  });
  await page.getByRole('table', { name: 'Aplicado a' }).getByText('Revertido').waitFor();
  // Given back whole: neither refund is offered again.
  for (const name of ['Devolver a cuenta bancaria', 'Devolver a saldo a favor'])
    expect(await page.getByRole('form', { name }).count()).toBe(0);
  await page.screenshot({ path: '/tmp/cuota-refund-bank-applied-1280.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.phone);
  await page.screenshot({ path: '/tmp/cuota-refund-bank-applied-390.png', fullPage: true });
});
