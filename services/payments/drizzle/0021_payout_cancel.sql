ALTER TABLE "payouts" ADD COLUMN "canceled_by" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "canceled_at" timestamp with time zone;