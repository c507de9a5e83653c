// Seeds the bench school with 100,000 students straight in the bench enrolment database:
// one INSERT … SELECT generate_series, idempotent through the (school_id, external_ref)
// unique index. No events: the scenario measures enrolment's reads, nothing downstream.
import pg from 'pg';

export const BENCH_STUDENTS = 100_000;

const GIVEN = [
  'Sofía',
  'Mateo',
  'Valentina',
  'Santiago',
  'Regina',
  'Sebastián',
  'Camila',
  'Leonardo',
  'Ximena',
  'Emiliano',
  'María José',
  'Diego',
  'Renata',
  'Daniel',
  'Victoria',
  'Iker',
  'Natalia',
  'Alejandro',
  'Romina',
  'Gael',
];
const SURNAMES = [
  'García',
  'Hernández',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Reyes',
  'Jiménez',
  'Torres',
  'Díaz',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Moreno',
  'Castillo',
  'Romero',
  'Álvarez',
  'Méndez',
  'Chávez',
  'Rivera',
  'Juárez',
  'Ramos',
  'Domínguez',
  'Herrera',
  'Medina',
  'Castro',
  'Vargas',
  'Guzmán',
  'Velázquez',
  'Muñoz',
];

const array = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/** Adds what is missing up to BENCH_STUDENTS bench rows in the school; returns the total. */
export async function seedBenchStudents(databaseUrl: string, schoolId: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Every section of the school with its level, numbered, so rows spread over all groups.
    await client.query(
      `WITH groups AS (
         SELECT s.id AS section_id, s.level_id, row_number() OVER (ORDER BY s.id) - 1 AS n,
                count(*) OVER () AS total
         FROM sections s WHERE s.school_id = $1
       )
       INSERT INTO students (school_id, level_id, section_id, first_name, last_name, gender,
                             birth_date, status, external_ref, enrolment_code)
       SELECT $1, g.level_id, g.section_id,
              (${array(GIVEN)})[1 + i % ${GIVEN.length}],
              (${array(SURNAMES)})[1 + (i / 7) % ${SURNAMES.length}] || ' ' ||
                (${array(SURNAMES)})[1 + (i / 3) % ${SURNAMES.length}],
              CASE WHEN i % 2 = 0 THEN 'F' ELSE 'M' END,
              to_char(DATE '2008-01-01' + (i % 5000), 'YYYY-MM-DD'),
              CASE WHEN i % 20 = 0 THEN 'inactive' ELSE 'active' END,
              'bench-' || i,
              'B' || lpad(i::text, 6, '0')
       FROM generate_series(0, $2 - 1) AS i
       JOIN groups g ON g.n = i % g.total
       ON CONFLICT DO NOTHING`,
      [schoolId, BENCH_STUDENTS],
    );
    // What autovacuum does soon after a bulk load in production: statistics for the planner
    // and the visibility map that lets a deep page read the name index alone.
    await client.query('VACUUM ANALYZE students');
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM students WHERE school_id = $1`,
      [schoolId],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** EXPLAIN ANALYZE of a list query, for the report when a target is missed. */
export async function explain(
  databaseUrl: string,
  sql: string,
  params: unknown[],
): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}
