import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { queryEnrolment } from '../support/enrolment-records';
import { startJourney } from '../support/journey';
import { newStaffPage } from '../support/sign-in';

const journey = startJourney();

const column = (page: Page, title: string) => page.getByRole('region', { name: title });
const card = (page: Page, title: string, name: string) =>
  column(page, title).getByRole('listitem', { name });

test('an admissions officer takes a lead to an inscribed student', async () => {
  const { demo, profile } = journey.system;
  const surname = `Recorrido ${Date.now().toString(36)}`;
  const name = `Valeria ${surname}`;

  const page = await newStaffPage(journey.browser, journey.system, 'ADMISSIONS');
  await page.getByRole('link', { name: 'Admisiones' }).click();
  await page.getByLabel('Nombre del alumno').waitFor();
  await expectAccessible(page);

  // A family asks: the child and the guardian, in one form.
  await page.getByLabel('Nombre del alumno').fill('Valeria');
  await page.getByLabel('Apellidos del alumno').fill(surname);
  await page.getByLabel('Nombre del tutor').fill('Rosa');
  await page.getByLabel('Apellidos del tutor').fill(surname);
  await page.getByLabel('Correo del tutor').fill(`rosa.${Date.now()}@example.mx`);
  await page.getByRole('button', { name: 'Registrar interesado' }).click();
  await card(page, 'Interesados', name).waitFor();

  // The lead applies.
  await card(page, 'Interesados', name).getByRole('button', { name: 'Pasar a aspirante' }).click();
  const applicant = card(page, 'Aspirantes', name);
  await applicant.waitFor();

  // Billing answers: no inscription is paid, so "Inscribir" is refused until the school
  // writes why it inscribes without payment (ADR 0012).
  await applicant.getByRole('button', { name: 'Verificar pago' }).click();
  await applicant.getByText('No inscrito').waitFor();
  await applicant.getByRole('button', { name: `Inscribir a ${name}` }).click();
  await applicant.getByLabel('Motivo para inscribir sin pago').fill('Beca completa de inscripción');
  await applicant.getByRole('button', { name: 'Inscribir sin pago' }).click();
  await card(page, 'Inscritos', name).waitFor();
  await expectAccessible(page);

  const [student] = await queryEnrolment<{ status: string; status_reason: string | null }>(
    profile.postgresUrl,
    profile.databasePrefix,
    'SELECT status, status_reason FROM students WHERE school_id = $1 AND last_name = $2',
    [demo.school_id, surname],
  );
  expect(student?.status).toBe('active');
  const history = await queryEnrolment<{ to_status: string }>(
    profile.postgresUrl,
    profile.databasePrefix,
    `SELECT c.to_status FROM student_status_changes c JOIN students s ON s.id = c.student_id
     WHERE s.last_name = $1 ORDER BY c.changed_at`,
    [surname],
  );
  expect(history.map((h) => h.to_status)).toEqual(['lead', 'new_student', 'active']);
});

test('a family signs up from the store, signed out, and the officer finds them among Interesados', async () => {
  const { demo, urls } = journey.system;
  const surname = `Tienda ${Date.now().toString(36)}`;

  const family = await (await journey.browser.newContext()).newPage();
  await family.goto(new URL(`/store/${demo.school_id}/registro`, urls.portal).toString());
  await family.getByLabel('Nombre', { exact: true }).waitFor();
  await expectAccessible(family);
  await family.getByLabel('Nombre', { exact: true }).fill('Marta');
  await family.getByLabel('Apellidos', { exact: true }).fill(surname);
  await family.getByLabel('Correo electrónico').fill(`marta.${Date.now()}@example.mx`);
  await family.getByLabel('Nombre del alumno 1').fill('Leo');
  await family.getByLabel('Apellidos del alumno 1').fill(surname);
  await family.getByLabel('Nivel del alumno 1').selectOption({ label: 'Primaria' });
  await family.getByLabel(/Acepto el aviso de privacidad/).check();
  await family.getByRole('button', { name: 'Enviar registro' }).click();
  await family.getByText('Recibimos tu registro').waitFor();
  await expectAccessible(family);

  const page = await newStaffPage(journey.browser, journey.system, 'ADMISSIONS');
  await page.getByRole('link', { name: 'Admisiones' }).click();
  await card(page, 'Interesados', `Leo ${surname}`).waitFor();
});
