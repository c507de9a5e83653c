CREATE TABLE "payin_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payin_id" uuid NOT NULL,
	"school_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"credit_reversed_centavos" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text,
	"requested_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "payin_reversals_amount_positive" CHECK ("payin_reversals"."amount_centavos" > 0),
	CONSTRAINT "payin_reversals_credit_nonnegative" CHECK ("payin_reversals"."credit_reversed_centavos" >= 0),
	CONSTRAINT "payin_reversals_kind_check" CHECK (kind IN ('void', 'refund')),
	CONSTRAINT "payin_reversals_status_check" CHECK (status IN ('pending', 'applied', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "allocations" DROP CONSTRAINT "allocations_one_source";--> statement-breakpoint
ALTER TABLE "allocations" DROP CONSTRAINT "allocations_amounts";--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "reversal_id" uuid;--> statement-breakpoint
ALTER TABLE "payin_reversals" ADD CONSTRAINT "payin_reversals_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payin_reversals_one_void" ON "payin_reversals" USING btree ("payin_id") WHERE "payin_reversals"."kind" = 'void';--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_reversal_id_payin_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."payin_reversals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_reversal_order" UNIQUE("reversal_id","order_id");--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_one_source" CHECK (num_nonnulls("allocations"."payin_id", "allocations"."credit_application_id", "allocations"."reversal_id") = 1);--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_amounts" CHECK (CASE WHEN "allocations"."reversal_id" IS NULL
        THEN "allocations"."base_centavos" >= 0 AND "allocations"."late_fee_centavos" >= 0 AND "allocations"."base_centavos" + "allocations"."late_fee_centavos" > 0
        ELSE "allocations"."base_centavos" <= 0 AND "allocations"."late_fee_centavos" <= 0 AND "allocations"."base_centavos" + "allocations"."late_fee_centavos" < 0 END);