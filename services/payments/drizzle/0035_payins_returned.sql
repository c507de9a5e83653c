ALTER TABLE "payins" ADD COLUMN "returned_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What already went back (ADR 0120): card voids and refunds the gateway applied, bank refunds
-- whose payout it approved.
UPDATE "payins" SET "returned_centavos" = r.centavos
  FROM (SELECT "payin_id", sum("amount_centavos") AS centavos FROM "payin_reversals"
         WHERE "payout_status" = 'applied'
            OR ("payout_status" IS NULL AND "status" = 'applied' AND "gateway_ticket_number" IS NOT NULL)
         GROUP BY "payin_id") r
 WHERE r."payin_id" = "payins"."id";--> statement-breakpoint
ALTER TABLE "payins" ADD CONSTRAINT "payins_returned_range" CHECK ("payins"."returned_centavos" >= 0 AND "payins"."returned_centavos" <= "payins"."amount_centavos");
