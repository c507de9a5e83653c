-- Second parents (docs/adr/0023): the students' guardians from enrolment.student.*. Rows from
-- before start empty; receptors and payers keep seeing their invoices, and enrolment's
-- resync (docs/adr/0014) republishes every student with its guardian_ids.
ALTER TABLE "students" ADD COLUMN "guardian_ids" text[] DEFAULT '{}'::text[] NOT NULL;