/**
 * guardian.me in one statement: the guardian, their schools, their dependents and each
 * dependent's guardians, built as JSON by PostgreSQL in the shape of `guardianMeSchema`.
 * One round trip and one pooled connection per call instead of four (docs/benchmarks.md);
 * the orders are the portal's: schools by name, dependents and guardians by first name, id.
 * Plain text with `$1` (the guardian's id) so the bench's same-I/O baseline runs it as is.
 */
export const GUARDIAN_ME_SQL = `
SELECT json_build_object(
  'id', g.id, 'first_name', g.first_name, 'last_name', g.last_name, 'email', g.email,
  'guardian_hash', g.guardian_hash, 'onboarding_stage', g.onboarding_stage,
  'fraud_status', g.fraud_status,
  'schools', coalesce((
    SELECT json_agg(json_build_object('id', sc.id, 'name', sc.name) ORDER BY sc.name, sc.id)
    FROM schools sc
    WHERE sc.id IN (SELECT s.school_id FROM student_guardians sg
                    JOIN students s ON s.id = sg.student_id WHERE sg.guardian_id = g.id)
  ), '[]'::json),
  'dependents', coalesce((
    SELECT json_agg(json_build_object(
      'id', s.id, 'first_name', s.first_name, 'last_name', s.last_name,
      'school_id', s.school_id, 'level', l.level,
      'section', CASE WHEN sec.id IS NULL THEN NULL
                      ELSE json_build_object('id', sec.id, 'name', sec.name) END,
      'status', s.status,
      'billing_guardian', CASE WHEN s.billing_guardian_id IS NULL THEN NULL
                               ELSE json_build_object('id', s.billing_guardian_id) END,
      'guardians', coalesce((
        SELECT json_agg(json_build_object(
          'id', o.id, 'first_name', o.first_name, 'last_name', o.last_name, 'email', o.email,
          'relationship', osg.relationship, 'billing_name', o.billing_name, 'tax_id', o.tax_id
        ) ORDER BY o.first_name, o.id)
        FROM student_guardians osg JOIN guardians o ON o.id = osg.guardian_id
        WHERE osg.student_id = s.id
      ), '[]'::json)
    ) ORDER BY s.first_name, s.id)
    FROM student_guardians sg
    JOIN students s ON s.id = sg.student_id
    JOIN levels l ON l.id = s.level_id
    LEFT JOIN sections sec ON sec.id = s.section_id
    WHERE sg.guardian_id = g.id
  ), '[]'::json)
) AS me
FROM guardians g
WHERE g.id = $1`;
