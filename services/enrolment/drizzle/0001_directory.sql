CREATE TABLE "admission_concepts" (
	"student_id" uuid NOT NULL,
	"concept_id" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admission_concepts_student_id_concept_id_pk" PRIMARY KEY("student_id","concept_id")
);
--> statement-breakpoint
CREATE TABLE "guardian_schools" (
	"guardian_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_schools_guardian_id_school_id_pk" PRIMARY KEY("guardian_id","school_id")
);
--> statement-breakpoint
CREATE TABLE "import_job_errors" (
	"job_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"field" text,
	"message" text NOT NULL,
	"row" jsonb
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file" "bytea" NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_rows" integer DEFAULT 0 NOT NULL,
	"skipped_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "school_attributes" (
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "school_attributes_school_id_name_pk" PRIMARY KEY("school_id","name")
);
--> statement-breakpoint
CREATE TABLE "school_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_logos" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"image_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "gateway_credentials_ref" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "grade" integer;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "staff_memberships" ADD COLUMN "permissions" text[];--> statement-breakpoint
ALTER TABLE "staff_memberships" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_memberships" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "curp" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "enrolment_code" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "photo_image_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "admission_concepts" ADD CONSTRAINT "admission_concepts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_schools" ADD CONSTRAINT "guardian_schools_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_schools" ADD CONSTRAINT "guardian_schools_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job_errors" ADD CONSTRAINT "import_job_errors_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_attributes" ADD CONSTRAINT "school_attributes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_cycles" ADD CONSTRAINT "school_cycles_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_logos" ADD CONSTRAINT "school_logos_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_logos" ADD CONSTRAINT "school_logos_image_id_uploaded_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploaded_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_status_changes" ADD CONSTRAINT "student_status_changes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_schools_school_idx" ON "guardian_schools" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "import_job_errors_job_idx" ON "import_job_errors" USING btree ("job_id","row_number");--> statement-breakpoint
CREATE INDEX "import_jobs_school_idx" ON "import_jobs" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "school_cycles_school_name_uq" ON "school_cycles" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "school_cycles_one_active_uq" ON "school_cycles" USING btree ("school_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "student_status_changes_student_idx" ON "student_status_changes" USING btree ("student_id","changed_at");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_photo_image_id_uploaded_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."uploaded_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sections_school_idx" ON "sections" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "staff_memberships_school_idx" ON "staff_memberships" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "students_school_level_idx" ON "students" USING btree ("school_id","level_id","section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_curp_uq" ON "students" USING btree ("school_id","curp") WHERE curp IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_code_uq" ON "students" USING btree ("school_id","enrolment_code") WHERE enrolment_code IS NOT NULL;