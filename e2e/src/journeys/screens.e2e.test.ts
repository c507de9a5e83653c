import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { inicioDrawn } from '../support/inicio';
import { launchBrowser } from '../support/browser';
import resetE2eState from '../support/reset-e2e-state';
import { expectScreenshot, stillPage, VIEWPORTS, type ViewportName } from '../support/screenshots';
import { demoFamilySession, signInStaff } from '../support/sign-in';
import { startSystemUnderTest, type SystemUnderTest } from '../support/system-under-test';

/**
 * Each surface's main pages at phone and desktop width: compared with the committed
 * screenshots (e2e/screenshots), checked with axe-core, titled, and free of failed loads.
 * The data is the demo seed alone (the state is reset first), the clock is fixed.
 */
let system: SystemUnderTest;
let browser: Browser;
let guardianState: BrowserContextOptions['storageState'];

beforeAll(async () => {
  // Other journeys add staff, leads and edits; these screens show the seed as it is.
  resetE2eState();
  system = await startSystemUnderTest();
  browser = await launchBrowser();
  guardianState = await demoFamilySession(browser, system);
});
afterAll(async () => {
  await browser?.close();
  await system?.shutdown();
});

const url = (path: string) => new URL(path, system.urls.portal).toString();

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Responses the page asked for that came back 4xx/5xx (a missing favicon, a refused call), and
 * any request that left this machine: without a monitoring DSN (spec §9) nothing may.
 */
function failedLoads(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => {
    const { protocol, hostname } = new URL(request.url());
    if (protocol.startsWith('http') && !LOCAL_HOSTS.has(hostname))
      failed.push(`off-site ${request.url()}`);
  });
  return failed;
}

/** Everything a visited page must be: as recorded, accessible, named, nothing failed. */
async function checkPage(
  page: Page,
  name: string,
  title: string,
  failed: string[],
  mask: Locator[] = [],
) {
  await expectAccessible(page);
  expect(await page.title()).toBe(title);
  await expectScreenshot(page, name, mask);
  expect(failed).toEqual([]);
}

const widths = Object.keys(VIEWPORTS) as ViewportName[];

describe.each(widths)('at %s width', (width) => {
  const school = () => system.demo.school_name;

  test('the public page, the not-found page and the store', async () => {
    const page = await stillPage(browser, width);
    const failed = failedLoads(page);

    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The first Tab reaches the skip link.
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Saltar al contenido');
    await checkPage(
      page,
      `landing-${width}`,
      'Colegiaturas sin filas ni complicaciones · Cuota',
      failed,
    );
    expect((await page.request.get(url('/favicon.ico'))).status()).toBe(200);

    await page.goto(url('/cookies-error'));
    await page.getByRole('heading', { name: 'Activa las cookies para continuar' }).waitFor();
    await expectAccessible(page);

    await page.goto(url('/no-existe'));
    await page.getByRole('link', { name: 'Ir al inicio' }).waitFor();
    await checkPage(page, `not-found-${width}`, 'Página no encontrada · Cuota', failed);

    await page.goto(url(`/store/${system.demo.school_id}/registro`));
    await page.getByLabel('Nombre del alumno 1').waitFor();
    // Signed out, the store names the school (its public face).
    await page.getByText(`Solicita un lugar en ${school()}`).waitFor();
    await checkPage(
      page,
      `store-signup-${width}`,
      `Registro de alumnos nuevos · ${school()} · Cuota`,
      failed,
    );

    await page
      .getByRole('link', { name: /aviso de privacidad/ })
      .first()
      .waitFor();
    await page.goto(url(`/store/${system.demo.school_id}/aviso-de-privacidad`));
    await page.getByRole('heading', { name: 'Tus derechos ARCO' }).waitFor();
    await page.getByText(`de ${school()}.`, { exact: false }).first().waitFor();
    await checkPage(
      page,
      `store-privacy-${width}`,
      `Aviso de privacidad · ${school()} · Cuota`,
      failed,
    );

    // The store: the catalogue and a cart of one (issue 21); its checkout frames the gateway's
    // form, which never goes network-idle: store-checkout.e2e.test.ts walks it.
    const store = url(`/store/${system.demo.school_id}`);
    await page.goto(store);
    const add = page.getByRole('button', { name: /^Agregar al carrito: / }).first();
    await add.waitFor();
    await checkPage(
      page,
      `store-catalogue-${width}`,
      `Tienda escolar · ${school()} · Cuota`,
      failed,
    );
    await add.click();
    await page.goto(`${store}/carrito`);
    await page.getByRole('button', { name: 'Continuar al pago' }).waitFor();
    await checkPage(page, `store-cart-${width}`, `Carrito · ${school()} · Cuota`, failed);
  });

  test("the family's sign-in, home and payment history", async () => {
    const signedOut = await stillPage(browser, width);
    const failedSignedOut = failedLoads(signedOut);
    await signedOut.goto(system.urls.guardianLogin);
    await signedOut.getByRole('button', { name: 'Enviar código' }).waitFor();
    await checkPage(
      signedOut,
      `portal-login-${width}`,
      'Entrar a tu cuenta · Cuota',
      failedSignedOut,
    );

    const page = await stillPage(browser, width, guardianState);
    const failed = failedLoads(page);
    await page.goto(url(`/guardians/${system.demo.guardian_hash}`));
    await page.getByTestId('dependent-card').first().waitFor();
    await page.getByRole('region', { name: 'Tu saldo' }).getByText('Por pagar').waitFor();
    const greeting = await page.getByRole('heading', { level: 1 }).innerText();
    await checkPage(page, `portal-home-${width}`, `${greeting} · ${school()} · Cuota`, failed);
    // A wide header has room for the family's whole name: no ellipsis in the user menu.
    if (width === 'desktop') {
      const whole = await page.evaluate<boolean>(
        `(() => {
          const name = document.querySelector('header button[aria-expanded] span');
          return name !== null && name.scrollWidth <= name.clientWidth;
        })()`,
      );
      expect(whole).toBe(true);
    }

    // Alumnos, and the family's data and billing (the registration, editable once completed).
    await page.getByRole('link', { name: 'Alumnos' }).click();
    await page.getByRole('heading', { name: 'Alumnos', level: 1 }).waitFor();
    await page.getByTestId('dependent-card').first().waitFor();
    await expectAccessible(page);
    await page.goto(url(`/guardians/${system.demo.guardian_hash}/onboarding`));
    await page.getByRole('region', { name: 'Tus datos de contacto' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Inicio', exact: true }).click();
    await page.getByTestId('dependent-card').first().waitFor();

    // Paying on a phone: one box takes a child's orders; the bar with the total and the
    // button stays on screen, above the tab bar.
    await page.getByRole('link', { name: 'Ir a pagar' }).click();
    await page
      .getByRole('checkbox', { name: /^Seleccionar todo de / })
      .first()
      .check();
    const bar = page.getByRole('region', { name: 'Tu pago' });
    await bar.getByText(/Total a pagar: \$[1-9]/).waitFor();
    const [barBox, menuBox] = await Promise.all([
      bar.boundingBox(),
      page.getByRole('navigation', { name: 'Secciones del portal' }).boundingBox(),
    ]);
    const viewport = page.viewportSize()!;
    expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(
      width === 'phone' ? menuBox!.y + 1 : viewport.height + 1,
    );
    expect(await bar.getByRole('button', { name: 'Pagar con tarjeta' }).isEnabled()).toBe(true);
    await checkPage(page, `portal-pay-${width}`, `Pagos · ${school()} · Cuota`, failed);
    // The checkout step: what is being paid and the card form.
    await bar.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await page.getByRole('region', { name: 'Lo que vas a pagar' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Volver a lo que tienes por pagar' }).click();

    await page.getByRole('link', { name: 'Historial de pagos' }).click();
    await page.getByText('Aún no hay pagos registrados').waitFor();
    // Arriving from another page puts focus on its heading.
    expect(await page.locator('h1:focus').count()).toBe(1);
    await checkPage(
      page,
      `portal-payments-${width}`,
      `Historial de pagos · ${school()} · Cuota`,
      failed,
    );

    // Reporting a SPEI transfer: the family's open orders, the amount, the day, the proof.
    await page.getByRole('button', { name: 'Reportar una transferencia' }).click();
    await page.getByRole('button', { name: 'Enviar reporte' }).waitFor();
    await checkPage(
      page,
      `portal-transfer-report-${width}`,
      `Historial de pagos · ${school()} · Cuota`,
      failed,
    );

    // Suscripciones: nothing subscribed yet; the demo's optional cafeteria is offered per child.
    await page.goto(url(`/guardians/${system.demo.guardian_hash}/subscriptions`));
    await page.getByRole('group', { name: 'Elige un servicio para un alumno' }).waitFor();
    await checkPage(
      page,
      `portal-subscriptions-${width}`,
      `Suscripciones · ${school()} · Cuota`,
      failed,
    );
  });

  test("the dashboard's sign-in, home, students, staff and components", async () => {
    const page = await stillPage(browser, width);
    const failed = failedLoads(page);
    await page.goto(system.urls.dashboardLogin);
    await page.getByLabel('Correo electrónico').waitFor();
    await checkPage(
      page,
      `dashboard-login-${width}`,
      'Inicia sesión en el panel escolar · Cuota',
      failed,
    );

    await signInStaff(page, system, 'OWNER');
    const asOfServerToday = await inicioDrawn(page, true);
    await checkPage(
      page,
      `dashboard-home-${width}`,
      `Inicio · ${school()} · Cuota`,
      failed,
      asOfServerToday,
    );

    if (width === 'phone') {
      await page.getByRole('button', { name: 'Menú' }).click();
      await page.getByRole('navigation', { name: 'Secciones del panel' }).waitFor();
      await checkPage(page, `dashboard-menu-${width}`, `Inicio · ${school()} · Cuota`, failed);
    }
    await page.getByRole('link', { name: 'Alumnos', exact: true }).click();
    await page.getByRole('table', { name: /^Alumnos \(/ }).waitFor();
    await checkPage(page, `dashboard-students-${width}`, `Alumnos · ${school()} · Cuota`, failed);

    await page.goto(url('/dashboard/staff'));
    const staff = page.getByRole('table', { name: 'Personal de la escuela' });
    await staff.waitFor();
    // Every row's actions fit: nothing is cut at the table's edge.
    const button = staff.getByRole('button', { name: 'Editar permisos' }).last();
    if (width === 'desktop') {
      const box = (await button.boundingBox())!;
      const scroller = (await staff.locator('xpath=..').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(scroller.x + scroller.width);
    }
    await checkPage(page, `dashboard-staff-${width}`, `Personal · ${school()} · Cuota`, failed);

    await page.goto(url('/dashboard/payments'));
    await page.getByRole('heading', { name: 'Aún no hay pagos' }).waitFor();
    await checkPage(page, `dashboard-payins-${width}`, `Pagos · ${school()} · Cuota`, failed);

    await page.goto(url('/dashboard/desk'));
    await page.getByRole('form', { name: 'Pago en caja' }).waitFor();
    await checkPage(
      page,
      `dashboard-desk-${width}`,
      `Registrar pago en caja · ${school()} · Cuota`,
      failed,
    );

    await page.goto(url('/dashboard/invoices'));
    await page.getByRole('heading', { name: 'Aún no hay facturas' }).waitFor();
    await checkPage(page, `dashboard-invoices-${width}`, `Facturas · ${school()} · Cuota`, failed);

    await page.goto(url('/dashboard/reminders'));
    await page.getByRole('form', { name: 'Calendario de recordatorios' }).waitFor();
    // The demo's month may have been reminded already: the log, or that nothing was sent.
    const sentLog = page.getByRole('region', { name: 'Enviados' });
    await sentLog
      .getByRole('table')
      .or(sentLog.getByRole('heading', { name: 'Aún no se ha enviado nada' }))
      .waitFor();
    await checkPage(
      page,
      `dashboard-reminders-${width}`,
      `Recordatorios · ${school()} · Cuota`,
      failed,
    );

    await page.goto(url('/dashboard/componentes'));
    await page.getByRole('table', { name: 'Cargos de ejemplo' }).waitFor();
    await checkPage(
      page,
      `dashboard-components-${width}`,
      `Componentes · ${school()} · Cuota`,
      failed,
    );
  });

  test("the dashboard's concepts and school settings; the sidebar runs the page's height", async () => {
    const page = await stillPage(browser, width);
    const failed = failedLoads(page);
    await signInStaff(page, system, 'OWNER');

    await page.goto(url('/dashboard/concepts'));
    const concepts = page.getByRole('table', { name: 'Conceptos de cobro' });
    await concepts.waitFor();
    // Short labels on screen; each button's name says which concept it acts on.
    const edit = concepts.getByRole('button', { name: /^Editar ./ }).first();
    expect(await edit.innerText()).toBe('Editar');
    const remove = concepts.getByRole('button', { name: /^Eliminar ./ }).first();
    expect(await remove.innerText()).toBe('Eliminar');
    if (width === 'desktop') {
      // Both actions fit: nothing is cut at the table's edge.
      const box = (await remove.boundingBox())!;
      const scroller = (await concepts.locator('xpath=..').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(scroller.x + scroller.width);
    }
    if (width === 'phone') {
      // One line a row (the table scrolls sideways): about one button tall, not six lines.
      for (const row of await concepts.locator('tbody tr').all())
        expect((await row.boundingBox())!.height).toBeLessThanOrEqual(64);
    }
    await checkPage(page, `dashboard-concepts-${width}`, `Conceptos · ${school()} · Cuota`, failed);

    await page.goto(url('/dashboard/settings'));
    await page.getByLabel('Texto del aviso de privacidad').waitFor();
    if (width === 'desktop') {
      // A page longer than the window (once its sections below the notice have drawn): the
      // sidebar's white column still reaches its end.
      await page.waitForFunction(
        `document.documentElement.scrollHeight > ${VIEWPORTS.desktop.height}`,
      );
      const { bottom, pageHeight } = (await page.evaluate(`(() => ({
        bottom: document.querySelector('[data-testid="dashboard-sidebar"]').getBoundingClientRect().bottom + window.scrollY,
        pageHeight: document.documentElement.scrollHeight,
      }))()`)) as { bottom: number; pageHeight: number };
      expect(pageHeight).toBeGreaterThan(VIEWPORTS.desktop.height);
      expect(bottom).toBe(pageHeight);
    }
    await checkPage(
      page,
      `dashboard-settings-${width}`,
      `Datos de la escuela · ${school()} · Cuota`,
      failed,
    );

    await page.goto(url('/dashboard/fiscal'));
    // The seed's razón social says when it invoices; the form asks, each choice explained.
    await page.getByText('Al cobrar. Cada pago se factura').waitFor();
    await page.getByRole('group', { name: '¿Cuándo se factura?' }).scrollIntoViewIfNeeded();
    await checkPage(
      page,
      `dashboard-fiscal-${width}`,
      `Datos fiscales · ${school()} · Cuota`,
      failed,
    );
  });

  test("the staff's password reset: asking for a link, then choosing a new password", async () => {
    const page = await stillPage(browser, width);
    const failed = failedLoads(page);
    await page.goto(system.urls.dashboardLogin);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByRole('button', { name: 'Enviar enlace' }).waitFor();
    await checkPage(
      page,
      `dashboard-forgot-password-${width}`,
      '¿Olvidaste tu contraseña? · Cuota',
      failed,
    );

    // The e-mail's link; the page asks nothing of the token until the password is sent.
    await page.goto(url('/dashboard/restablecer-contrasena/enlace-de-ejemplo'));
    await page.getByLabel('Confirma la contraseña').waitFor();
    await checkPage(
      page,
      `dashboard-reset-password-${width}`,
      'Elige una contraseña nueva · Cuota',
      failed,
    );
  });

  test('a role without a section is told so, with nothing to press', async () => {
    const page = await stillPage(browser, width);
    const failed = failedLoads(page);
    await signInStaff(page, system, 'OTHER');
    await page.goto(url('/dashboard/imports'));
    await page.getByText('Tu rol no tiene acceso a esta sección').waitFor();
    expect(await page.getByRole('button', { name: 'Importar' }).count()).toBe(0);
    await checkPage(
      page,
      `dashboard-no-access-${width}`,
      `Importar alumnos · ${school()} · Cuota`,
      failed,
    );
  });
});
