CREATE TABLE "payout_reversals" (
	"reversal_id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL,
	"carried" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_amounts";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "carried_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD CONSTRAINT "payout_reversals_reversal_id_payin_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."payin_reversals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD CONSTRAINT "payout_reversals_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amounts" CHECK ("payouts"."net_centavos" = "payouts"."collected_centavos" - "payouts"."reversed_centavos" - "payouts"."carried_centavos" - "payouts"."fee_centavos");--> statement-breakpoint
-- What the payouts before this migration deducted: the card reversals applied on their day.
INSERT INTO "payout_reversals" ("reversal_id", "payout_id", "carried")
SELECT r."id", p."id", false
  FROM "payouts" p
  JOIN "payin_reversals" r ON r."school_id" = p."school_id" AND r."status" = 'applied'
   AND (r."applied_at" AT TIME ZONE 'America/Mexico_City')::date = p."collected_on"
  JOIN "payins" i ON i."id" = r."payin_id" AND i."method" IN ('credit_card', 'debit_card')
ON CONFLICT DO NOTHING;
