CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"clabe" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"holder_name" text NOT NULL,
	"alias" text,
	"created_by" text NOT NULL,
	"created_by_name" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_school_clabe" UNIQUE("school_id","clabe"),
	CONSTRAINT "bank_accounts_school_idempotency_key" UNIQUE("school_id","idempotency_key")
);
