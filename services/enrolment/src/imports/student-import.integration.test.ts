import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { ImportFormat } from '@cuota/contracts/enrolment/student-import';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { waitFor } from '@cuota/testing/wait-for';
import { startEnrolmentHarness, type EnrolmentHarness } from '../test-support/enrolment-harness';
import { createImportWorker } from './import-worker';
import { writeSheet } from './spreadsheet';

const HEADERS = [
  'Nombre',
  'Apellidos',
  'Nivel',
  'Grupo',
  'CURP',
  'Matrícula',
  'Género',
  'Fecha nacimiento',
  'tutor_nombre',
  'tutor_apellidos',
  'tutor_correo',
  'tutor_rfc',
];
type Row = (string | null)[];

const upload = (
  h: EnrolmentHarness,
  as: IdentityClaims,
  bytes: Buffer,
  name: string,
  schoolId = h.demo.school_id,
) => {
  const form = new FormData();
  form.set('school_id', schoolId);
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  return h.call(as, '/api/v1/internal/import_students/', { method: 'POST', body: form });
};
const sheetFile = (rows: Row[], format: ImportFormat, headers = HEADERS) =>
  writeSheet('Alumnos', headers, rows, format);
const finished = (h: EnrolmentHarness, as: IdentityClaims, id: string) =>
  waitFor(async () => {
    const job = await h.call(as, `/api/v1/internal/importer/${id}/`);
    return job.body.status !== 'PENDING' ? job.body : null;
  }, 20_000);

describe('student import through the service and its worker', () => {
  let h: EnrolmentHarness;
  beforeAll(async () => {
    h = await startEnrolmentHarness('enrolment_imports');
  }, 60_000);
  afterAll(() => h?.stop());
  const owner = () => h.staff('OWNER');

  const rows: Row[] = [
    [
      'Ana Sofía',
      'Importada Uno',
      'Primaria',
      '1° B',
      'IMUA150312MDFMNN01',
      'IMP-001',
      'F',
      '12/03/2015',
      'Laura',
      'Importada Uno',
      'laura.importada@example.mx',
      'IMLA800101AB5',
    ],
    [
      'Bruno',
      'Importado Dos',
      'secundaria',
      '',
      '',
      'IMP-002',
      'M',
      '2012-07-01',
      'Laura',
      'Importada Uno',
      'LAURA.importada@example.mx',
      '',
    ],
    ['Carla', 'Importada Tres', 'Preescolar', '', '', '', '', '2020-01-20', '', '', '', ''],
  ];

  test('an xlsx: a 202 job that ends FINISHED, students and guardians registered and published', async () => {
    const [students, guardians] = [await h.count('students'), await h.count('guardians')];
    const res = await upload(
      h,
      h.staff('ADMISSIONS'),
      await sheetFile(rows, 'xlsx'),
      'alumnos.xlsx',
    );
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'PENDING', total_rows: 3, file_name: 'alumnos.xlsx' });
    const job = await finished(h, owner(), res.body.id);
    expect(job).toMatchObject({
      status: 'FINISHED',
      processed_rows: 3,
      created_rows: 3,
      skipped_rows: 0,
      error_rows: 0,
    });
    expect(await h.count('students')).toBe(students + 3);
    // Siblings share the guardian found by e-mail.
    expect(await h.count('guardians')).toBe(guardians + 1);
    const ana = await h.service.db.execute<{
      curp: string;
      enrolment_code: string;
      birth_date: string;
      section: string;
    }>(
      sql`SELECT s.curp, s.enrolment_code, s.birth_date, sec.name AS section FROM students s JOIN sections sec ON sec.id = s.section_id WHERE s.first_name = 'Ana Sofía'`,
    );
    expect(ana.rows[0]).toEqual({
      curp: 'IMUA150312MDFMNN01',
      enrolment_code: 'IMP-001',
      birth_date: '2015-03-12',
      section: '1° B',
    });
    await h.published(
      'enrolment.student.created',
      (d) => d.first_name === 'Carla' && d.level === 'pre-school',
    );
  });

  test('the same file again creates nothing: every row is skipped', async () => {
    const before = await h.count('students');
    const res = await upload(h, owner(), await sheetFile(rows, 'xlsx'), 'alumnos.xlsx');
    const job = await finished(h, owner(), res.body.id);
    expect(job).toMatchObject({ status: 'FINISHED', created_rows: 0, skipped_rows: 3 });
    expect(await h.count('students')).toBe(before);
  });

  test('a csv (";"-separated) with a bad row: FINISHED_WITH_ERROR and a downloadable report', async () => {
    const csv = Buffer.from(
      '\ufeffnombre;apellidos;nivel;curp;matricula\nDiego;Csv Bueno;Primaria;;0042\nElena;Csv Mala;Kinder;NO-ES-CURP;\n',
    );
    const res = await upload(h, owner(), csv, 'alumnos.csv');
    expect(res.status).toBe(202);
    const job = await finished(h, owner(), res.body.id);
    expect(job).toMatchObject({
      status: 'FINISHED_WITH_ERROR',
      created_rows: 1,
      error_rows: 1,
      processed_rows: 2,
    });
    expect(await h.count('students', `enrolment_code = '0042'`)).toBe(1);
    const report = await fetch(
      new URL(`/api/v1/internal/importer/${job.id}/errors/?format=xlsx`, h.service.url),
      {
        headers: { authorization: `Bearer ${await h.sign(owner())}` },
      },
    );
    expect(report.headers.get('content-type')).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await report.arrayBuffer());
    const lines = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(lines.map((l) => [l[1], l[2]])).toEqual([
      [3, 'nivel'],
      [3, 'curp'],
    ]);
    expect(String(lines[0]![3])).toMatch(/Nivel desconocido/);
    const csvReport = await h.call(
      owner(),
      `/api/v1/internal/importer/${job.id}/errors/?format=csv`,
    );
    expect(csvReport.text).toContain('La CURP debe tener 18 caracteres válidos.');
  });

  test('too large (413), not a spreadsheet (415), missing columns or no rows (400): no job', async () => {
    const jobs = await h.count('import_jobs');
    const big = await upload(h, owner(), Buffer.alloc(5 * 1024 * 1024 + 1, 0x41), 'grande.csv');
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe('El archivo pesa más de 5 MB.');
    const pdf = await upload(h, owner(), Buffer.from('%PDF-1.7\n\0binario'), 'alumnos.xlsx');
    expect(pdf.status).toBe(415);
    expect(pdf.body.error.message).toMatch(/xlsx.*csv/);
    const noLevel = await upload(h, owner(), Buffer.from('nombre,apellidos\nAna,Uno\n'), 'a.csv');
    expect(noLevel.status).toBe(400);
    expect(noLevel.body.error.message).toMatch(/Faltan columnas.*nivel/);
    const empty = await upload(h, owner(), Buffer.from('nombre,apellidos,nivel\n'), 'a.csv');
    expect(empty.status).toBe(400);
    expect(await h.count('import_jobs')).toBe(jobs);
  });

  test('a role without imports.write (403), another school (404): no job, nothing read', async () => {
    const jobs = await h.count('import_jobs');
    const file = await sheetFile(rows, 'csv');
    expect((await upload(h, h.staff('ACCOUNTANT'), file, 'a.csv')).status).toBe(403);
    expect((await upload(h, h.staff('OWNER', h.otherSchoolId), file, 'a.csv')).status).toBe(404);
    expect(await h.count('import_jobs')).toBe(jobs);
    const [{ id }] = (
      await h.service.db.execute<{ id: string }>(sql`SELECT id FROM import_jobs LIMIT 1`)
    ).rows as [{ id: string }];
    expect(
      (await h.call(h.staff('OWNER', h.otherSchoolId), `/api/v1/internal/importer/${id}/`)).status,
    ).toBe(404);
    expect((await h.call(h.staff('OTHER'), `/api/v1/internal/importer/${id}/errors/`)).status).toBe(
      403,
    );
    expect(
      (await h.call(owner(), `/api/v1/internal/importer/${id}/errors/?format=pdf`)).status,
    ).toBe(400);
  });

  test('the job list, the template, and retry only for a failed job', async () => {
    const list = await h.call(owner(), `/api/v1/internal/importer/?school_id=${h.demo.school_id}`);
    expect(list.body.results.length).toBeGreaterThanOrEqual(3);
    const template = await fetch(
      new URL(`/api/v1/internal/importer/template/?school_id=${h.demo.school_id}`, h.service.url),
      {
        headers: { authorization: `Bearer ${await h.sign(h.staff('ADMISSIONS'))}` },
      },
    );
    expect(template.headers.get('content-disposition')).toMatch(/plantilla-alumnos\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await template.arrayBuffer());
    expect((book.worksheets[0]!.getRow(1).values as string[]).slice(1, 4)).toEqual([
      'nombre',
      'apellidos',
      'nivel',
    ]);
    const id = list.body.results[0].id;
    const retry = await h.call(owner(), '/api/v1/internal/importer/', {
      method: 'POST',
      json: { job_id: id },
    });
    expect(retry.status).toBe(409);
    expect(
      (
        await h.call(owner(), '/api/v1/internal/importer/', {
          method: 'POST',
          json: { job_id: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.call(
          h.staff('OWNER', h.otherSchoolId),
          `/api/v1/internal/importer/template/?school_id=${h.demo.school_id}`,
        )
      ).status,
    ).toBe(404);
  });
});

describe('the worker resumes after a restart', () => {
  let h: EnrolmentHarness;
  beforeAll(async () => {
    h = await startEnrolmentHarness('enrolment_import_resume', { worker: false });
  }, 60_000);
  afterAll(() => h?.stop());

  test('stopped after two chunks (and one lost mid-chunk), a new worker finishes without duplicates', async () => {
    const rows: Row[] = Array.from({ length: 30 }, (_, i) => [
      `Alumno ${i}`,
      'Reanudado',
      'Primaria',
      '',
      '',
      `RES-${i}`,
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    const res = await upload(h, h.staff('OWNER'), await sheetFile(rows, 'xlsx'), 'reanudar.xlsx');
    expect(res.status).toBe(202);
    const deps = { db: h.service.db, logger: h.service.logger };
    const first = createImportWorker(deps, { chunkSize: 10 });
    expect(await first.runOnce()).toBe(true);
    expect(await first.runOnce()).toBe(true);
    const progress = (await h.call(h.staff('OWNER'), `/api/v1/internal/importer/${res.body.id}/`))
      .body;
    expect(progress).toMatchObject({ status: 'PENDING', processed_rows: 20, created_rows: 20 });

    // A worker that dies mid-chunk: its transaction holds the job, then rolls back.
    await h.service.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM import_jobs WHERE id = ${res.body.id} FOR UPDATE`);
        // Meanwhile another worker skips the locked job instead of waiting for it.
        const other = createImportWorker(deps, { chunkSize: 10 });
        expect(await other.runOnce()).toBe(false);
        throw new Error('crash');
      })
      .catch(() => {});

    const restarted = createImportWorker(deps, { chunkSize: 10, pollMs: 50 });
    restarted.start();
    const job = await finished(h, h.staff('OWNER'), res.body.id);
    await restarted.stop();
    expect(job).toMatchObject({
      status: 'FINISHED',
      processed_rows: 30,
      created_rows: 30,
      skipped_rows: 0,
    });
    expect(await h.count('students', `last_name = 'Reanudado'`)).toBe(30);
  });
});
