CREATE TABLE "card_subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_subscription_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"period" text,
	"amount_centavos" bigint NOT NULL,
	"status" text NOT NULL,
	"ticket_number" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_subscription_charges_order" UNIQUE("order_id"),
	CONSTRAINT "card_subscription_charges_status_check" CHECK (status IN ('PENDING', 'APPROVED', 'DECLINED', 'UNKNOWN')),
	CONSTRAINT "card_subscription_charges_amount_check" CHECK ("card_subscription_charges"."amount_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"guardian_id" text NOT NULL,
	"billing_subscription_id" text NOT NULL,
	"student_id" text NOT NULL,
	"concept_id" text NOT NULL,
	"public_merchant_id" text NOT NULL,
	"gateway_subscription_id" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last_four" text NOT NULL,
	"status" text NOT NULL,
	"from_period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "card_subscriptions_billing" UNIQUE("billing_subscription_id"),
	CONSTRAINT "card_subscriptions_status_check" CHECK (status IN ('ACTIVE', 'CANCELED'))
);
--> statement-breakpoint
ALTER TABLE "card_subscription_charges" ADD CONSTRAINT "card_subscription_charges_card_subscription_id_card_subscriptions_id_fk" FOREIGN KEY ("card_subscription_id") REFERENCES "public"."card_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_subscription_charges_subscription" ON "card_subscription_charges" USING btree ("card_subscription_id");--> statement-breakpoint
CREATE INDEX "card_subscriptions_active" ON "card_subscriptions" USING btree ("status");