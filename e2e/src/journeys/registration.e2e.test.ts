import { curpCheckDigit } from '@cuota/contracts/enrolment/curp';
import { expectAccessible } from '../support/accessibility';
import { queryEnrolment } from '../support/enrolment-records';
import { staffApi } from '../support/staff-api';
import { startJourney } from '../support/journey';
import { enterLoginCode } from '../support/sign-in';

const journey = startJourney();

/** A valid CURP no other student of the demo school has (2015, Nuevo León). */
function freshCurp() {
  const consonants = 'BCDFGHJKLMNPQRSTVWXZ';
  const pick = () => consonants[Math.floor(Math.random() * consonants.length)];
  const body = `RE${pick()}${pick()}150314MNL${pick()}${pick()}${pick()}A`;
  return body + curpCheckDigit(body);
}

test('a new family registers step by step on a phone, then the portal opens', async () => {
  const { demo, urls, profile } = journey.system;
  const stamp = Date.now().toString(36);
  const email = `rosa.${stamp}@familias.demo.cuota.mx`;
  const admissions = await staffApi(journey.system, 'ADMISSIONS');
  const lead = (await admissions('/api/v1/admissions/create_lead/', {
    school_id: demo.school_id,
    level: 'elementary',
    first_name: 'Sofía',
    last_name: `Registro ${stamp}`,
    guardians: [
      { first_name: 'Rosa', last_name: `Registro ${stamp}`, email, relationship: 'Madre' },
    ],
  })) as { id: string; guardians: { id: string }[] };
  const owner = await staffApi(journey.system, 'OWNER');
  const link = (await owner(
    `/api/v1/dashboard/schools/${demo.school_id}/guardians/${lead.guardians[0]!.id}/portal_url/`,
  )) as { portal_path: string };

  const page = await (
    await journey.browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await page.goto(new URL(`${link.portal_path}/login`, urls.portal).toString());
  await enterLoginCode(page, journey.system, email);
  // Not registered yet: every page leads to the registration.
  await page.waitForURL(/\/onboarding$/);

  const step = (title: string) => page.getByRole('region', { name: title });
  const next = (title: string) => step(title).getByRole('button', { name: 'Continuar' }).click();
  await step('Tus datos de contacto').waitFor();
  await expectAccessible(page);
  await step('Tus datos de contacto').getByLabel('Teléfono celular').fill('81 1234 5678');
  await next('Tus datos de contacto');

  const billing = step('Facturación');
  await billing.getByLabel('Nombre o razón social').fill(`ROSA REGISTRO ${stamp.toUpperCase()}`);
  await billing.getByLabel(/^RFC/).fill('RERO850101AB1');
  await next('Facturación');
  // The régimen is missing: said on its field, nothing else moves.
  await billing.getByText('Elige tu régimen fiscal.').waitFor();
  await expectAccessible(page);
  await billing.getByLabel(/Régimen fiscal/).selectOption('605');
  await billing.getByLabel(/Código postal fiscal/).fill('64000');
  await next('Facturación');

  await step('Uso del CFDI').waitFor();
  expect(
    await step('Uso del CFDI').getByRole('radio', { checked: true }).getAttribute('value'),
  ).toBe('D10');
  await expectAccessible(page);
  await next('Uso del CFDI');

  const students = step('Tus estudiantes');
  const curp = freshCurp();
  await students.getByLabel(/CURP de Sofía/).fill(curp);
  await expectAccessible(page);
  await next('Tus estudiantes');
  await page.getByText(/Tu registro está completo/).waitFor();

  // The portal opens: its sections appear, and Pagos no longer leads back to the registration.
  await page.getByRole('link', { name: 'Ir al inicio' }).waitFor();
  await page.getByRole('link', { name: 'Pagos', exact: true }).click();
  await page.getByRole('heading', { name: 'Pagos', level: 1 }).waitFor();
  await page.goto(new URL(`${link.portal_path}/payments`, urls.portal).toString());
  await page.getByRole('heading', { name: 'Pagos', level: 1 }).waitFor();
  const [saved] = await queryEnrolment<{ stage: string; cfdi_use: string; curp: string }>(
    profile.postgresUrl,
    profile.databasePrefix,
    `SELECT g.onboarding_stage AS stage, g.cfdi_use, s.curp
       FROM guardians g JOIN students s ON s.id = $2
      WHERE g.id = $1`,
    [lead.guardians[0]!.id, lead.id],
  );
  expect(saved).toEqual({ stage: 'COMPLETED', cfdi_use: 'D10', curp });
});
