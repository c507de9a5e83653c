CREATE TABLE "credit_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_student_id" text NOT NULL,
	"to_student_id" text,
	"method" text,
	"amount_centavos" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_transfers_school_idempotency_key" UNIQUE("school_id","idempotency_key"),
	CONSTRAINT "credit_transfers_amount_positive" CHECK ("credit_transfers"."amount_centavos" > 0),
	CONSTRAINT "credit_transfers_kind_target" CHECK (("credit_transfers"."kind" = 'move' AND "credit_transfers"."to_student_id" IS NOT NULL AND "credit_transfers"."method" IS NULL)
        OR ("credit_transfers"."kind" = 'refund' AND "credit_transfers"."to_student_id" IS NULL AND "credit_transfers"."method" IN ('cash', 'transfer')))
);
