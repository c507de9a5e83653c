CREATE TABLE "due_facet_builds" (
	"school_id" text PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "due_facet_changes" (
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "due_facet_changes_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "due_facet_groups" (
	"school_id" text NOT NULL,
	"level" text,
	"section_id" text,
	"due_status" text NOT NULL,
	"pending_centavos" bigint NOT NULL,
	"overdue_centavos" bigint NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "due_facet_groups_key" UNIQUE NULLS NOT DISTINCT("school_id","level","section_id","due_status")
);
--> statement-breakpoint
CREATE TABLE "due_facet_invalidations" (
	"school_id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "due_facet_students" (
	"school_id" text NOT NULL,
	"level" text,
	"section_id" text,
	"due_status" text NOT NULL,
	"pending_centavos" bigint NOT NULL,
	"overdue_centavos" bigint NOT NULL,
	"student_id" text NOT NULL,
	CONSTRAINT "due_facet_students_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
