CREATE TABLE "bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"params" jsonb NOT NULL,
	"student_ids" text[] NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cursor" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bill_runs" ADD COLUMN "bulk_job_id" uuid;--> statement-breakpoint
CREATE INDEX "bulk_jobs_school_idx" ON "bulk_jobs" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "bulk_jobs_runnable_idx" ON "bulk_jobs" USING btree ("created_at") WHERE "bulk_jobs"."status" IN ('PENDING', 'STARTED', 'RETRYING');