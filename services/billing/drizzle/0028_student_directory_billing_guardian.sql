-- ADR 0104: the guardian-names sweep (ADR 0095) pages billing's students by billing guardian
-- (`billing_guardian_id > $after ORDER BY billing_guardian_id LIMIT n`); without an index it
-- read the whole directory every pass. Billing's alone: payments and invoicing read the column
-- by student, so the shared table's definition (packages/student-directory) does not carry it.
CREATE INDEX IF NOT EXISTS "student_directory_billing_guardian_idx" ON "student_directory" USING btree ("billing_guardian_id") WHERE "billing_guardian_id" IS NOT NULL;
