import { expectAccessible } from '../support/accessibility';
import { readLoginCode } from '../support/mailbox';
import { queryEnrolment } from '../support/enrolment-records';
import { eventually } from '../support/eventually';
import { startJourney } from '../support/journey';
import { newFamilyPage } from '../support/sign-in';

const journey = startJourney();

test('a guardian signs in with the code from their e-mail and sees their dependents', async () => {
  const { demo, urls, profile } = journey.system;
  const page = await (await journey.browser.newContext()).newPage();
  await page.goto(urls.guardianLogin);
  await page.getByRole('button', { name: 'Enviar código' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const sentAt = new Date(Date.now() - 2000);
  const code = await readLoginCode(urls.mailbox, demo.guardian_email, sentAt);

  // After sending, the code field has focus.
  await page.getByLabel('Código de acceso').waitFor();
  expect(await page.locator(':focus').getAttribute('name')).toBe('code');
  await expectAccessible(page);
  await page.getByLabel('Código de acceso').fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(new RegExp(`/guardians/${demo.guardian_hash}$`));

  const expected = await queryEnrolment<{ name: string }>(
    profile.postgresUrl,
    profile.databasePrefix,
    `SELECT s.first_name || ' ' || s.last_name AS name
       FROM students s
       JOIN student_guardians sg ON sg.student_id = s.id
       JOIN guardians g ON g.id = sg.guardian_id
      WHERE g.guardian_hash = $1`,
    [demo.guardian_hash],
  );
  expect(expected.length).toBeGreaterThanOrEqual(2);
  const cards = page.getByTestId('dependent-card');
  await eventually(async () => {
    const shown = await cards.allInnerTexts();
    expect(shown).toHaveLength(expected.length);
    for (const { name } of expected) expect(shown.some((text) => text.includes(name))).toBe(true);
  });
  await expectAccessible(page);
});

test("the family's other parent signs in and sees the same children's orders to pay", async () => {
  const { demo, profile } = journey.system;
  // The demo family has two parents; only the first one is the billing guardian (ADR 0023).
  const [other] = await queryEnrolment<{ guardian_hash: string; email: string }>(
    profile.postgresUrl,
    profile.databasePrefix,
    `SELECT DISTINCT o.guardian_hash, o.email
       FROM guardians g
       JOIN student_guardians sg ON sg.guardian_id = g.id
       JOIN student_guardians osg ON osg.student_id = sg.student_id
       JOIN guardians o ON o.id = osg.guardian_id AND o.id <> g.id
      WHERE g.guardian_hash = $1`,
    [demo.guardian_hash],
  );
  expect(other).toBeDefined();
  const page = await newFamilyPage(journey.browser, journey.system, {
    email: other!.email,
    guardianHash: other!.guardian_hash,
  });

  await page.getByRole('link', { name: 'Pagos', exact: true }).click();
  for (const name of demo.dependent_names)
    await page.getByRole('heading', { name }).waitFor({ timeout: 20_000 });
  expect(await page.getByRole('checkbox', { name: /^Pagar / }).count()).toBeGreaterThan(0);
  await expectAccessible(page);
});

test('an unknown guardian link answers 404 with a not-found page, never an error', async () => {
  const page = await (await journey.browser.newContext()).newPage();
  const response = await page.goto(
    `${journey.system.urls.portal}guardians/${'x'.repeat(43)}/login`,
  );
  expect(response?.status()).toBe(404);
  await page.getByTestId('not-found').waitFor();
  await expectAccessible(page);
});
