CREATE TABLE "guardian_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"school_id" text NOT NULL,
	"guardian_id" text NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"reminder_kind" text,
	"order_id" text,
	"recipient" text NOT NULL,
	"variables" jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	CONSTRAINT "guardian_notifications_dedupe_key" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"guardian_id" text PRIMARY KEY NOT NULL,
	"school_ids" text[] NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "receivables" (
	"order_id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"concept_name" text NOT NULL,
	"period" text,
	"due_on" date NOT NULL,
	"total_centavos" integer NOT NULL,
	"paid_centavos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_schedules" (
	"school_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"days_before" smallint,
	"on_due_day" boolean DEFAULT true NOT NULL,
	"days_overdue" smallint,
	"quiet_from" smallint DEFAULT 21 NOT NULL,
	"quiet_until" smallint DEFAULT 8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_schedules_hours" CHECK ("reminder_schedules"."quiet_from" BETWEEN 0 AND 23 AND "reminder_schedules"."quiet_until" BETWEEN 0 AND 23)
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"school_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_directory" (
	"student_id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"level" text,
	"section_id" text,
	"status" text,
	"curp" text,
	"enrolment_code" text,
	"billing_guardian_id" text,
	"guardian_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "guardian_notifications_due_idx" ON "guardian_notifications" USING btree ("next_attempt_at") WHERE "guardian_notifications"."status" IN ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE INDEX "guardian_notifications_guardian_idx" ON "guardian_notifications" USING btree ("guardian_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" USING btree ("seq") WHERE published_at IS NULL;--> statement-breakpoint
CREATE INDEX "receivables_open_due_idx" ON "receivables" USING btree ("due_on","school_id") WHERE "receivables"."paid_centavos" < "receivables"."total_centavos";--> statement-breakpoint
CREATE INDEX "student_directory_school_idx" ON "student_directory" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "student_directory_guardian_ids_idx" ON "student_directory" USING gin ("guardian_ids");--> statement-breakpoint
CREATE INDEX "student_directory_school_name_idx" ON "student_directory" USING btree ("school_id","last_name" COLLATE "es-x-icu","first_name" COLLATE "es-x-icu","student_id");