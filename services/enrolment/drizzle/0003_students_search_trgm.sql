CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "students_name_trgm_idx" ON "students" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_name_reversed_trgm_idx" ON "students" USING gin (("last_name" || ' ' || "first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_curp_trgm_idx" ON "students" USING gin ("curp" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_code_trgm_idx" ON "students" USING gin (upper("enrolment_code") gin_trgm_ops);