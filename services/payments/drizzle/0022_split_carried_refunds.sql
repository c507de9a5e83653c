ALTER TABLE "payout_reversals" DROP CONSTRAINT "payout_reversals_pkey";--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD CONSTRAINT "payout_reversals_reversal_id_payout_id_pk" PRIMARY KEY("reversal_id","payout_id");--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD COLUMN "amount_centavos" bigint;--> statement-breakpoint
-- Every deduction before this migration took its reversal whole.
UPDATE "payout_reversals" pr SET "amount_centavos" = r."amount_centavos"
  FROM "payin_reversals" r WHERE r."id" = pr."reversal_id";--> statement-breakpoint
ALTER TABLE "payout_reversals" ALTER COLUMN "amount_centavos" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD CONSTRAINT "payout_reversals_amount" CHECK ("payout_reversals"."amount_centavos" > 0);
