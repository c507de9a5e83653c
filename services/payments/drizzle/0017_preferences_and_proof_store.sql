CREATE TABLE "payment_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"guardian_id" text NOT NULL,
	"method" text NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"items" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_preferences_key" UNIQUE("school_id","guardian_id","idempotency_key"),
	CONSTRAINT "payment_preferences_method_check" CHECK (method IN ('card', 'transfer', 'cash'))
);
--> statement-breakpoint
ALTER TABLE "payment_proofs" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_stored" CHECK ("payment_proofs"."sha256" IS NOT NULL OR "payment_proofs"."bytes" IS NOT NULL);