ALTER TABLE "bill_runs" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bill_runs_concept_period_idx" ON "bill_runs" USING btree ("concept_id","period");