-- One student read model (docs/adr/0026): the shared table's columns and indexes. Rows from
-- before have no section or status until the student's next snapshot or enrolment's resync
-- (docs/adr/0014) fills them; every row keeps its level.
ALTER TABLE "student_directory" ALTER COLUMN "level" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "student_directory" ADD COLUMN "section_id" text;--> statement-breakpoint
ALTER TABLE "student_directory" ADD COLUMN "status" text;--> statement-breakpoint
CREATE INDEX "student_directory_school_idx" ON "student_directory" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "student_directory_guardian_ids_idx" ON "student_directory" USING gin ("guardian_ids");--> statement-breakpoint
CREATE INDEX "student_directory_school_name_idx" ON "student_directory" USING btree ("school_id","last_name" COLLATE "es-x-icu","first_name" COLLATE "es-x-icu","student_id");