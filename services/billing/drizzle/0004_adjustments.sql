ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_check";--> statement-breakpoint
ALTER TABLE "concepts" ADD COLUMN "early_payment" jsonb;--> statement-breakpoint
ALTER TABLE "order_allocations" ADD COLUMN "discount_centavos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scholarship_centavos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_centavos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "surcharge_centavos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_centavos" integer GENERATED ALWAYS AS (CASE WHEN canceled_at IS NULL THEN amount_centavos - scholarship_centavos - discount_centavos + surcharge_centavos ELSE 0 END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "interest_forgiven" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "early_payment" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_discount_centavos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_adjustments_check" CHECK ("orders"."scholarship_centavos" >= 0 AND "orders"."discount_centavos" >= 0 AND "orders"."surcharge_centavos" >= 0
        AND "orders"."scholarship_centavos" + "orders"."discount_centavos" <= "orders"."amount_centavos" + "orders"."surcharge_centavos"
        AND "orders"."paid_discount_centavos" BETWEEN 0 AND "orders"."paid_base_centavos");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_check" CHECK ("orders"."paid_base_centavos" BETWEEN 0 AND "orders"."amount_centavos" + "orders"."surcharge_centavos" AND "orders"."paid_late_fee_centavos" >= 0);