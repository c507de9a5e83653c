CREATE TABLE "student_directory" (
	"student_id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"level" text,
	"section_id" text,
	"status" text,
	"curp" text,
	"billing_guardian_id" text,
	"guardian_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "student_directory_school_idx" ON "student_directory" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "student_directory_guardian_ids_idx" ON "student_directory" USING gin ("guardian_ids");--> statement-breakpoint
CREATE INDEX "student_directory_school_name_idx" ON "student_directory" USING btree ("school_id","last_name" COLLATE "es-x-icu","first_name" COLLATE "es-x-icu","student_id");