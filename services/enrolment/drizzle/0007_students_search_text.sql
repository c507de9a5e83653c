DROP INDEX "students_name_trgm_idx";--> statement-breakpoint
DROP INDEX "students_name_reversed_trgm_idx";--> statement-breakpoint
DROP INDEX "students_curp_trgm_idx";--> statement-breakpoint
DROP INDEX "students_code_trgm_idx";--> statement-breakpoint
CREATE INDEX "students_search_trgm_idx" ON "students" USING gin (("first_name" || ' ' || "last_name" || ' ' || "first_name" || ' ' || coalesce("curp", '') || ' ' || coalesce("enrolment_code", '')) gin_trgm_ops);