-- One student read model (docs/adr/0026): student_directory is now the table billing,
-- payments and invoicing share. Rows from before have no level, section, status or CURP
-- until the student's next snapshot or enrolment's resync (docs/adr/0014) fills them.
ALTER TABLE "student_directory" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "student_directory" ADD COLUMN "section_id" text;--> statement-breakpoint
ALTER TABLE "student_directory" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "student_directory" ADD COLUMN "curp" text;--> statement-breakpoint
CREATE INDEX "student_directory_school_name_idx" ON "student_directory" USING btree ("school_id","last_name" COLLATE "es-x-icu","first_name" COLLATE "es-x-icu","student_id");