import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { studentsByLevelQuerySchema } from '@cuota/contracts/enrolment/student-list';
import { countedDatabase } from '@cuota/testing/counted-statements';
import { statementName } from '@cuota/service-runtime/db/prepared';
import * as schema from '../../schema';
import { studentListPageJson } from './student-list-answer-repository';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../../test-support/enrolment-harness';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_student_lists');
}, 60_000);
afterAll(() => h?.stop());

const byLevel = (query = '') =>
  `/api/v2/dashboard/schools/${h.demo.school_id}/students_by_level/${query}`;
const students = (where = 'true') =>
  h.count('students', `school_id = '${h.demo.school_id}' AND ${where}`);

describe('students_by_level and the dashboard students rows', () => {
  test('a page and its count are one named statement per filters and window, however long', async () => {
    const counted = countedDatabase(h.database.url, schema);
    const school = h.demo.school_id;
    try {
      const first = studentsByLevelQuerySchema.parse({});
      const filtered = studentsByLevelQuerySchema.parse({
        gender: 'F',
        has_billing_guardian: 'true',
        search: 'a',
        ordering: '-last_name',
      });
      // Alike but for the last filter, and longer than the 63 bytes PostgreSQL keeps of a name.
      const without = studentsByLevelQuerySchema.parse({
        ...filtered,
        has_billing_guardian: 'false',
      });
      for (let i = 0; i < 3; i++) {
        await studentListPageJson(counted.db, school, first);
        await studentListPageJson(counted.db, school, filtered);
        await studentListPageJson(counted.db, school, without);
      }
      expect(counted.sent).toBe(9);
      expect(await counted.prepared()).toEqual(
        [
          'enrolment_students_page_first25,-last_name,gender,search,billing:true',
          'enrolment_students_page_first25,-last_name,gender,search,billing:false',
          'enrolment_students_page_first25,last_name',
        ]
          .map(statementName)
          .sort(),
      );
    } finally {
      await counted.end();
    }
  });

  test('filters by level, section, gender and billing guardian in SQL, paged', async () => {
    const options = (await h.call(h.staff('OTHER'), byLevel('filters/'))).body;
    const level = options.levels[0];
    const page = await h.call(h.staff('OTHER'), byLevel(`?level=${level.value}&page_size=5`));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: level.count, count_is_capped: false, page: 1 });
    expect(page.body.results).toHaveLength(Math.min(5, level.count));
    for (const s of page.body.results) expect(s.level).toBe(level.value);
    const section = options.sections[0];
    const inSection = await h.call(h.staff('OTHER'), byLevel(`?section_id=${section.value}`));
    expect(inSection.body.count).toBe(section.count);
    const billed = await h.call(
      h.staff('OTHER'),
      byLevel('?has_billing_guardian=true&page_size=1'),
    );
    expect(billed.body.count).toBe(await students('billing_guardian_id IS NOT NULL'));
  });

  test('search by name, CURP or matrícula; reverse order', async () => {
    const surname = h.demo.guardian_name.split(' ')[1]!;
    const byName = await h.call(
      h.staff('OWNER'),
      byLevel(`?search=${encodeURIComponent(surname)}`),
    );
    expect(byName.body.results.length).toBeGreaterThan(0);
    for (const s of byName.body.results)
      expect(`${s.first_name} ${s.last_name}`).toContain(surname);
    const first = (await h.call(h.staff('OWNER'), byLevel('?page_size=1'))).body.results[0];
    await h.call(h.staff('OWNER'), `/api/v1/students/${first.id}/`, {
      method: 'PATCH',
      json: { curp: 'BADD110202HNLRRN08', enrolment_code: 'A-2026-17' },
    });
    const byCurp = await h.call(h.staff('OWNER'), byLevel('?search=badd1102'));
    expect(byCurp.body.results.map((s: Json) => s.id)).toEqual([first.id]);
    const byCode = await h.call(h.staff('OWNER'), byLevel('?search=a-2026'));
    expect(byCode.body.results.map((s: Json) => s.id)).toEqual([first.id]);
    // Accents and case aside: "gonzalez" finds González, "MARTÍNEZ" finds Martinez too.
    const accented = await h.call(h.staff('OWNER'), byLevel('?search=gonzalez&page_size=200'));
    expect(accented.body.results.length).toBeGreaterThan(0);
    for (const s of accented.body.results)
      expect(`${s.first_name} ${s.last_name}`.normalize('NFD').replace(/\p{M}/gu, '')).toMatch(
        /gonzalez/i,
      );
    const withAccent = await h.call(h.staff('OWNER'), byLevel('?search=GONZÁLEZ&page_size=200'));
    expect(withAccent.body.count).toBe(accented.body.count);
    // The whole name in either order finds the student, whatever the case.
    for (const name of [
      `${first.first_name} ${first.last_name}`,
      `${first.last_name} ${first.first_name}`.toUpperCase(),
    ]) {
      const found = await h.call(h.staff('OWNER'), byLevel(`?search=${encodeURIComponent(name)}`));
      expect(found.body.results.map((s: Json) => s.id)).toContain(first.id);
    }
    const last = await h.call(
      h.staff('OWNER'),
      byLevel(`?ordering=-last_name&page_size=1&page=${await students()}`),
    );
    expect(last.body.results[0].id).toBe(first.id);
  });

  test('the filters list counts per value; the v1 rows answer the same page', async () => {
    const options = (await h.call(h.staff('OWNER'), byLevel('filters/'))).body;
    const total = await students();
    const sum = (list: Json[]) => list.reduce((n, o) => n + o.count, 0);
    expect(sum(options.levels)).toBe(total);
    expect(sum(options.statuses)).toBe(total);
    expect(sum(options.billing_guardian)).toBe(total);
    expect(options.statuses[0]).toMatchObject({ value: 'active', label: 'Activo' });
    const v2 = await h.call(h.staff('OWNER'), byLevel('?status=active&page=2&page_size=7'));
    const v1 = await h.call(
      h.staff('OWNER'),
      `/api/v1/dashboard/schools/${h.demo.school_id}/students/?status=active&page=2&page_size=7`,
    );
    const group = await h.call(
      h.staff('OWNER'),
      `/api/v1/dashboard/students/?school_id=${h.demo.school_id}&status=active&page=2&page_size=7`,
    );
    expect(v1.body).toEqual(v2.body);
    expect(group.body).toEqual(v2.body);
  });

  test('bad filters are a Spanish 400; other schools 404; guardians 403', async () => {
    const bad = await h.call(h.staff('OWNER'), byLevel('?status=expelled&ordering=age'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(
      'Revisa los datos enviados en los parámetros de la solicitud.',
    );
    expect(bad.body.error.details.map((d: Json) => d.path)).toEqual(['status', 'ordering']);
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), byLevel())).status).toBe(404);
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), byLevel('filters/'))).status).toBe(404);
    expect((await h.call(h.guardian(), byLevel())).status).toBe(403);
  });
});

describe('search at scale', () => {
  test('the trigram index rechecks the stored search text, never recomputing the folding', async () => {
    // At 100,000 students "García" rechecked ~4,600 rows, each recomputing translate(lower(…))
    // over five columns: 90 ms of the count (docs/benchmarks.md). The bitmap scan is forced
    // here because the test school is small enough for a sequential scan.
    const plan = await h.service.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT count(*) FROM students WHERE search_text LIKE '%garcia%'`,
      );
    });
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('students_search_text_trgm_idx');
    expect(text).toMatch(/Recheck Cond: \(search_text ~~ '%garcia%'::text\)/);
    expect(text).not.toContain('translate(');
  });
});

describe('Excel export', () => {
  test('streams the filtered list as .xlsx with Spanish headers and labels', async () => {
    const res = await h.call(
      h.staff('ACCOUNTANT'),
      byLevel('xlsx/?status=active&level=elementary'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="alumnos-/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Alumnos')!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['Apellidos', 'Nombre', 'CURP', 'Nivel', 'Estatus']),
    );
    const expected = (
      await h.call(h.staff('OWNER'), byLevel('?status=active&level=elementary&page_size=1'))
    ).body.count;
    expect(sheet.actualRowCount - 1).toBe(expected);
    expect(sheet.getRow(2).getCell(6).value).toBe('Primaria');
    expect(sheet.getRow(2).getCell(8).value).toBe('Activo');
  });

  test('the same checks as the list', async () => {
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), byLevel('xlsx/'))).status).toBe(404);
    expect((await h.call(h.staff('OWNER'), byLevel('xlsx/?gender=X'))).status).toBe(400);
    expect((await h.call(h.guardian(), byLevel('xlsx/'))).status).toBe(403);
  });
});
