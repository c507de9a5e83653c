ALTER TABLE "concepts" ADD COLUMN "cycle_id" uuid;--> statement-breakpoint
ALTER TABLE "concepts" ADD COLUMN "visibility" text DEFAULT 'PUBLIC' NOT NULL;--> statement-breakpoint
ALTER TABLE "concepts" ADD COLUMN "auto_assign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "concepts_school_cycle_idx" ON "concepts" USING btree ("school_id","cycle_id");--> statement-breakpoint
ALTER TABLE "concepts" ADD CONSTRAINT "concepts_visibility_check" CHECK (visibility IN ('HIDDEN', 'STAFF', 'BETA', 'PUBLIC'));