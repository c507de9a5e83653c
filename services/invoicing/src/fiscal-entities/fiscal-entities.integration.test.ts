/**
 * The school's fiscal setup over HTTP (ADR 0037): staff with invoicing.write register a
 * razón social with its CSD from a multipart form; bad files are a Spanish 400 that stores
 * nothing; the expiry is shown and warned about; invoices of a level go out under its entity.
 */
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import {
  csdListSchema,
  fiscalEntityListSchema,
  fiscalEntitySchema,
} from '@cuota/contracts/invoicing/fiscal-entities';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { invoicingTodoSchema } from '@cuota/contracts/invoicing/endpoints/invoicing-todo';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import { generateDemoCsd } from '../cfdi/demo-csd';
import {
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  colegiatura,
  guardian,
  payin,
  saveSchoolFiscalEntity,
  staffOf,
  startInvoicingTestSystem,
  student,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';
import { fiscalEntitiesOf } from './fiscal-entity-repository';
import { SchoolIssuers } from './school-issuer';

jest.setTimeout(60_000);

let system: InvoicingTestSystem;
const DAY = 24 * 3600_000;
const SECUNDARIA = { rfc: 'IIA040805DZ4', name: 'INDISTRIA ILUMINADORA DE ALMACENES', cp: '62661' };
const PASSWORD = 'clave-del-csd';
const path = (schoolId = SCHOOL_ID) => `/api/v1/dashboard/schools/${schoolId}/fiscal_entities/`;
const accountant = staffOf(SCHOOL_ID, 'ACCOUNTANT');
const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json()).error;

const csdOf = (over: Partial<Parameters<typeof generateDemoCsd>[0]> = {}) =>
  generateDemoCsd({
    rfc: SECUNDARIA.rfc,
    legalName: SECUNDARIA.name,
    password: PASSWORD,
    validFrom: new Date(Date.now() - DAY),
    ...over,
  });
const good = csdOf();

function form(
  fields: Record<string, string> = {},
  files: { cer?: [Buffer, string]; key?: [Buffer, string] } = {},
) {
  const body = new FormData();
  const all = {
    rfc: SECUNDARIA.rfc,
    legal_name: SECUNDARIA.name,
    regimen_fiscal: '603',
    postal_code: SECUNDARIA.cp,
    series: 'S',
    levels: 'middle',
    rvoe_middle: 'ES-458/2019',
    password: PASSWORD,
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) body.append(name, value);
  const { cer = [good.cer, '00001000000712345678.cer'], key = [good.key, 'CSD_Secundaria.key'] } =
    files;
  body.append('cer', new Blob([cer[0]]), cer[1]);
  body.append('key', new Blob([key[0]]), key[1]);
  return body;
}

const post = (body: FormData, claims: IdentityClaims = accountant, schoolId = SCHOOL_ID) =>
  system.call(path(schoolId), claims, { method: 'POST', body });
const entityCount = async () => (await fiscalEntitiesOf(system.invoicing.db, SCHOOL_ID)).length;

beforeAll(async () => {
  system = await startInvoicingTestSystem();
  await saveSchoolFiscalEntity(system);
  await system.registerTaxpayer(SECUNDARIA.rfc, SECUNDARIA.name, SECUNDARIA.cp, ['603']);
});

afterAll(() => system?.stop());

describe('files SAT would not take are a Spanish 400 and nothing is stored', () => {
  const other = csdOf();
  const expired = csdOf({
    validFrom: new Date(Date.now() - 5 * 365 * DAY),
    validTo: new Date(Date.now() - DAY),
  });
  const cases: [string, FormData, string][] = [
    [
      'a key of another CSD',
      form({}, { key: [other.key, 'otra.key'] }),
      'no corresponde al certificado',
    ],
    ['the wrong password', form({ password: 'otra' }), 'revisa la contraseña'],
    [
      'a text file as .cer',
      form({}, { cer: [Buffer.from('hola'), 'notas.txt'] }),
      'no es el certificado (.cer)',
    ],
    [
      'the key where the .cer goes',
      form({}, { cer: [good.key, 'llave.cer'] }),
      'no es un certificado válido',
    ],
    [
      'an expired CSD',
      form({}, { cer: [expired.cer, 'viejo.cer'], key: [expired.key, 'viejo.key'] }),
      'venció',
    ],
    ['a CSD of another RFC', form({ rfc: 'EKU9003173C9' }), 'pero los datos fiscales son del RFC'],
    ['the series of the school’s other entity', form({ series: 'A' }), 'La serie A ya la usa'],
  ];
  test.each(cases)('%s', async (_, body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(message);
    expect(await entityCount()).toBe(1);
  });

  test('a periodicity SAT does not admit names the choices', async () => {
    const res = await post(form({ publico_en_general: 'yearly' }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await errorOf(res))).toContain(
      'una global diaria, semanal, quincenal, mensual o bimestral',
    );
    expect(await entityCount()).toBe(1);
  });

  test('a malformed RFC names the field', async () => {
    const res = await post(form({ rfc: 'NO-ES-RFC' }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).details).toContainEqual({
      path: 'rfc',
      message: 'El RFC no tiene un formato válido.',
    });
    expect(await entityCount()).toBe(1);
  });

  test('without the .key, and a file far larger than a CSD', async () => {
    const body = form();
    body.delete('key');
    const missing = await post(body);
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe('Falta la llave privada (.key) del CSD.');
    const huge = await post(form({}, { cer: [Buffer.alloc(64 * 1024, 0x30), 'grande.cer'] }));
    expect(huge.status).toBe(413);
    expect(await entityCount()).toBe(1);
  });
});

test('who may: the treasurer reads but cannot register; another school finds nothing', async () => {
  const treasurer = staffOf(SCHOOL_ID, 'TREASURER');
  expect((await post(form(), treasurer)).status).toBe(403);
  expect((await system.call(path(), treasurer)).status).toBe(200);
  expect((await system.call(path(), staffOf(SCHOOL_ID, 'CASH_COLLECTION'))).status).toBe(403);
  expect((await post(form(), staffOf(OTHER_SCHOOL_ID, 'ACCOUNTANT'))).status).toBe(404);
  expect(
    (
      await system.call(
        `/backoffice/csd/?school_id=${SCHOOL_ID}`,
        staffOf(OTHER_SCHOOL_ID, 'OWNER'),
      )
    ).status,
  ).toBe(404);
  expect(await entityCount()).toBe(1);
});

describe('a second razón social for secundaria', () => {
  let id: string;

  test('is registered with its CSD sealed; the list shows its series, folio and expiry', async () => {
    const res = await post(form({ publico_en_general: 'weekly' }));
    expect(res.status).toBeLessThan(300);
    const saved = fiscalEntitySchema.parse(await res.json());
    id = saved.id;
    expect(saved).toMatchObject({
      rfc: SECUNDARIA.rfc,
      series: 'S',
      next_folio: 1,
      levels: ['middle'],
      rvoe: { middle: 'ES-458/2019' },
      publico_en_general: 'weekly',
      csd: { no_certificado: good.noCertificado, state: 'valid' },
    });
    expect(JSON.stringify(saved)).not.toContain(PASSWORD);
    const rows = await fiscalEntitiesOf(system.invoicing.db, SCHOOL_ID);
    const row = rows.find((r) => r.id === id)!;
    expect(row.csdKeySealed.includes(good.key.subarray(0, 64))).toBe(false);
    expect(row.csdPasswordSealed.toString('latin1')).not.toContain(PASSWORD);
    expect(new SchoolIssuers(system.box).credentialsOf(row).files.password).toBe(PASSWORD);

    const list = fiscalEntityListSchema.parse(await (await system.call(path(), accountant)).json());
    expect(list.results.map((e) => [e.series, e.levels])).toEqual([
      ['A', []],
      ['S', ['middle']],
    ]);
    const csds = csdListSchema.parse(
      await (await system.call(`/backoffice/csd/?school_id=${SCHOOL_ID}`, accountant)).json(),
    );
    expect(csds.results.find((c) => c.fiscal_entity_id === id)).toMatchObject({
      rfc: SECUNDARIA.rfc,
      state: 'valid',
    });
  });

  test('a renewed CSD that expires within 30 days replaces it, warned, folios kept', async () => {
    const soon = csdOf({ validTo: new Date(Date.now() + 12 * DAY) });
    const res = await post(
      form({}, { cer: [soon.cer, 'nuevo.cer'], key: [soon.key, 'nuevo.key'] }),
    );
    expect(res.status).toBeLessThan(300);
    const renewed = fiscalEntitySchema.parse(await res.json());
    // Not sent again: the entity keeps its global invoice's periodicity.
    expect(renewed).toMatchObject({
      id,
      publico_en_general: 'weekly',
      csd: { state: 'expiring', no_certificado: soon.noCertificado },
    });
    expect(renewed.csd.days_left).toBeGreaterThanOrEqual(11);
    expect(renewed.csd.days_left).toBeLessThanOrEqual(12);
    const back = await system.call(
      `/backoffice/fiscal_entities/?school_id=${SCHOOL_ID}`,
      accountant,
    );
    expect(fiscalEntityListSchema.parse(await back.json()).results).toHaveLength(2);
    // Inicio's «Pendientes» names it, and only it (the first entity's CSD has years left).
    const todo = await system.call(
      `/api/v1/dashboard/schools/${SCHOOL_ID}/invoicing_todo/`,
      accountant,
    );
    expect(invoicingTodoSchema.parse(await todo.json()).csd_to_renew).toEqual([
      { id, legal_name: SECUNDARIA.name, days_left: renewed.csd.days_left },
    ]);
  });

  test('a secundaria student’s colegiatura is invoiced under it, its series and its CSD', async () => {
    const mateo = student(7, { level: 'middle' });
    await system.publish(guardianCreatedV1, guardian(1));
    await system.publish(studentCreatedV1, mateo);
    await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
    const paid = payin({ allocations: [colegiatura(mateo.student_id)] });
    await system.publish(payinSucceededV1, paid);
    const invoice = await system.settled(paid.payin_id, mateo.student_id);
    expect(invoice).toMatchObject({
      status: 'success',
      series: 'S',
      folio: '1',
      fiscalEntityId: id,
    });
    const { comprobante } = parseStampedCfdi(invoice.stampedXml!);
    expect(comprobante.Emisor.Rfc).toBe(SECUNDARIA.rfc);
    expect(comprobante.Conceptos[0]!.instEducativas?.autRVOE).toBe('ES-458/2019');
  });
});
