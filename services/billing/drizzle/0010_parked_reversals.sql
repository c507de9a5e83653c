CREATE TABLE "parked_reversals" (
	"reversal_id" text NOT NULL,
	"payin_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"base_centavos" integer NOT NULL,
	"late_fee_centavos" integer NOT NULL,
	"discount_centavos" integer NOT NULL,
	"reversed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "parked_reversals_reversal_id_order_id_pk" PRIMARY KEY("reversal_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "parked_reversals" ADD CONSTRAINT "parked_reversals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parked_reversals_payin_idx" ON "parked_reversals" USING btree ("payin_id","order_id");