-- Second parents (docs/adr/0023): the students' guardians from enrolment.student.*. Rows from
-- before start empty; payers and billing guardians keep seeing their payins, and
-- enrolment's resync (docs/adr/0014) republishes every student with its guardian_ids.
ALTER TABLE "student_directory" ADD COLUMN "guardian_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "student_directory_guardian_ids_idx" ON "student_directory" USING gin ("guardian_ids");