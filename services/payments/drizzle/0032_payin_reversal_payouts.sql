ALTER TABLE "payin_reversals" ADD COLUMN "payout_clabe" text;--> statement-breakpoint
ALTER TABLE "payin_reversals" ADD COLUMN "payout_holder_name" text;--> statement-breakpoint
ALTER TABLE "payin_reversals" ADD COLUMN "payout_status" text;--> statement-breakpoint
ALTER TABLE "payin_reversals" ADD CONSTRAINT "payin_reversals_payout_status_check" CHECK (payout_status IN ('pending', 'applied', 'declined'));