ALTER TABLE "payouts" ADD COLUMN "executions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payin_reversals_payin" ON "payin_reversals" USING btree ("payin_id");--> statement-breakpoint
-- Payouts already sent were sent once: their key stays `payout:<id>`.
UPDATE "payouts" SET "executions" = 1 WHERE "executed_at" IS NOT NULL;
