import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../../lib/chromium.ts';
import { startGatewaySandbox, type GatewaySandbox } from '../gateway-sandbox.ts';

const PUBLIC_ID = 'colegio-demo-publica';
const PRIVATE_ID = 'colegio-demo-privada';
const APPROVED_CARD = '5451951574925480';
const expiry = `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

interface CardMessage {
  type: string;
  token?: string;
  brand?: string;
  last4?: string;
  valid?: boolean;
  height?: number;
  message?: string;
}
// What the portal page keeps (window.received) and does (window.pressPay()), read as
// page expressions: this file is type-checked as Node code, without the DOM's types.
const RECEIVED = 'window.received';
const PRESS_PAY = 'window.pressPay()';
const hasReceived = (type: string) => `window.received.some((m) => m.type === '${type}')`;

/** The portal's checkout page, on its own origin: frames the form, keeps what it is told. */
let formUrl = '';
const portal = http.createServer((_req, res) => {
  const gatewayOrigin = new URL(formUrl).origin;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="es-MX"><meta charset="utf-8"><title>Pagar colegiatura</title>
<iframe id="card" title="Datos de la tarjeta" src="${formUrl}" style="width:24rem;border:0"></iframe>
<button id="pay" type="button">Pagar</button>
<script>
  window.received = [];
  addEventListener('message', (e) => { if (e.origin === '${gatewayOrigin}') window.received.push(e.data); });
  window.pressPay = () =>
    document.getElementById('card').contentWindow.postMessage({ type: 'cuota:card-submit' }, '${gatewayOrigin}');
  document.getElementById('pay').addEventListener('click', window.pressPay);
</script></html>`);
});

let sandbox: GatewaySandbox;
let browser: Browser;
let portalOrigin: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  portalOrigin = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
  sandbox = await startGatewaySandbox({ port: 0, allowedParents: [portalOrigin] });
  sandbox.merchants.register(PUBLIC_ID, {
    merchant_id: '20000000107058310000',
    private_merchant_id: PRIVATE_ID,
    webhook_url: 'http://127.0.0.1:9/',
    webhook_signature: 'firma',
  });
  formUrl = `${sandbox.url}/hosted/card-form?${new URLSearchParams({
    publicMerchantId: PUBLIC_ID,
    amount: '3450.00',
    currency: 'MXN',
    parentOrigin: portalOrigin,
  })}`;
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await sandbox.stop();
  await new Promise((resolve) => portal.close(resolve));
});

async function openCheckout(origin = portalOrigin): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${origin}/pagar`);
  return page;
}

async function typeCard(page: Page, number: string): Promise<void> {
  const form = page.frameLocator('#card');
  await form.getByLabel('Nombre como aparece en la tarjeta').fill('MARÍA LÓPEZ');
  await form.getByLabel('Número de tarjeta').pressSequentially(number);
  await form.getByLabel('Vencimiento (MM/AA)').pressSequentially(expiry);
  await form.getByLabel('Código de seguridad').pressSequentially('123');
}

const receivedOf = (page: Page) => page.evaluate<CardMessage[]>(RECEIVED);

test('a typed test card reaches the portal only as a token it can charge', async () => {
  const page = await openCheckout();
  const form = page.frameLocator('#card');
  await form.getByText('Total a pagar: $3,450.00 MXN').waitFor();
  await typeCard(page, APPROVED_CARD);
  expect(await form.getByLabel('Número de tarjeta').inputValue()).toBe('5451 9515 7492 5480');
  expect(await form.getByText('Mastercard').count()).toBe(1);

  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForFunction(hasReceived('cuota:card-token'));

  const messages = await receivedOf(page);
  const tokenMessage = messages.find((m) => m.type === 'cuota:card-token')!;
  expect(tokenMessage).toEqual({
    type: 'cuota:card-token',
    token: expect.stringMatching(/^[0-9a-f]{32}$/),
    brand: 'Mastercard',
    last4: '5480',
  });
  const states = messages.filter((m) => m.type === 'cuota:card-state');
  expect(states[0]).toMatchObject({ valid: false });
  expect(states.at(-1)).toMatchObject({ valid: true, height: expect.any(Number) });
  expect(states.at(-1)!.height).toBeGreaterThan(100);
  // Nothing the portal page got, nor can read, holds the card number.
  expect(JSON.stringify(messages)).not.toMatch(/5451\s?9515|7492\s?5480/);
  expect(await page.evaluate('document.querySelector("iframe").contentDocument')).toBeNull();

  const charge = await fetch(`${sandbox.url}/card/v1/charges`, {
    method: 'POST',
    headers: { 'Private-Merchant-Id': PRIVATE_ID },
    body: JSON.stringify({
      token: tokenMessage.token,
      amount: { subtotalIva: 0, subtotalIva0: 3450, iva: 0, currency: 'MXN' },
      fullResponse: true,
    }),
  });
  expect(charge.status).toBe(201);
  expect(await charge.json()).toMatchObject({
    details: { transactionStatus: 'APPROVAL', lastFourDigits: '5480' },
  });
  await page.close();
}, 30_000);

test('mistakes are shown inside the form in Spanish, and no token leaves', async () => {
  const page = await openCheckout();
  const form = page.frameLocator('#card');
  await page.evaluate(PRESS_PAY);
  for (const problem of [
    'Escribe el nombre como aparece en la tarjeta.',
    'Revisa el número de tarjeta.',
    'Escribe el vencimiento como MM/AA.',
    'El código de seguridad lleva 3 o 4 dígitos.',
  ])
    await form.getByText(problem).waitFor();

  await typeCard(page, '5451951574925481');
  await page.evaluate(PRESS_PAY);
  await form.getByText('Revisa el número de tarjeta.').waitFor();
  expect(await form.getByLabel('Número de tarjeta').getAttribute('aria-invalid')).toBe('true');
  await page.waitForFunction(hasReceived('cuota:card-error'));

  // A card only the gateway can refuse: its Spanish answer shows in the form too.
  await form.getByLabel('Número de tarjeta').fill('4574 4412 1519 0335');
  await page.evaluate(PRESS_PAY);
  await form.getByRole('alert').getByText('Tarjeta no válida').waitFor();
  expect((await receivedOf(page)).some((m) => m.type === 'cuota:card-token')).toBe(false);
  await page.close();
}, 30_000);

test('only the allowed portal origin may frame the form', async () => {
  const answer = await fetch(formUrl);
  expect(answer.headers.get('content-security-policy')).toContain(
    `frame-ancestors ${portalOrigin}`,
  );
  const elsewhere = await fetch(
    formUrl.replace(/parentOrigin=[^&]+/, 'parentOrigin=https%3A%2F%2Fotro.example'),
  );
  expect(elsewhere.status).toBe(400);
  expect(await elsewhere.text()).toContain('no puede mostrarse en esta página');

  // Same page, served from another origin (localhost ≠ 127.0.0.1): Chromium refuses to frame it.
  const page = await openCheckout(portalOrigin.replace('127.0.0.1', 'localhost'));
  await page.waitForLoadState('load');
  const framed = page.frames().find((f) => f !== page.mainFrame())!;
  expect(await framed.locator('#card-form').count()).toBe(0);
  await page.close();
}, 30_000);
