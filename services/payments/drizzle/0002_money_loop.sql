CREATE TABLE "allocations" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"payin_id" uuid,
	"credit_application_id" uuid,
	"school_id" text NOT NULL,
	"order_id" text NOT NULL,
	"student_id" text NOT NULL,
	"concept_id" text NOT NULL,
	"concept_name" text NOT NULL,
	"concept_type" text NOT NULL,
	"period" text,
	"base_centavos" bigint NOT NULL,
	"late_fee_centavos" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocations_payin_order" UNIQUE("payin_id","order_id"),
	CONSTRAINT "allocations_credit_order" UNIQUE("credit_application_id","order_id"),
	CONSTRAINT "allocations_one_source" CHECK (("allocations"."payin_id" IS NULL) <> ("allocations"."credit_application_id" IS NULL)),
	CONSTRAINT "allocations_amounts" CHECK ("allocations"."base_centavos" >= 0 AND "allocations"."late_fee_centavos" >= 0 AND "allocations"."base_centavos" + "allocations"."late_fee_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"source_event_id" text NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_applications_source_student" UNIQUE("source_event_id","student_id"),
	CONSTRAINT "credit_applications_amount_positive" CHECK ("credit_applications"."amount_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_credentials" (
	"school_id" text NOT NULL,
	"environment" text NOT NULL,
	"public_merchant_id" text NOT NULL,
	"private_merchant_id_sealed" text NOT NULL,
	"webhook_secret_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_credentials_school_id_environment_pk" PRIMARY KEY("school_id","environment"),
	CONSTRAINT "gateway_credentials_public_merchant_id_unique" UNIQUE("public_merchant_id"),
	CONSTRAINT "gateway_credentials_environment_check" CHECK (environment IN ('sandbox', 'production'))
);
--> statement-breakpoint
CREATE TABLE "gateway_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_merchant_id" text NOT NULL,
	"ticket_number" text NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_status" text NOT NULL,
	"payin_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_notifications_ticket" UNIQUE("public_merchant_id","ticket_number","transaction_type")
);
--> statement-breakpoint
CREATE TABLE "payin_items" (
	"payin_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"student_id" text NOT NULL,
	"concept_id" text NOT NULL,
	"concept_name" text NOT NULL,
	"concept_type" text NOT NULL,
	"period" text,
	"due_on" date NOT NULL,
	"base_centavos" bigint NOT NULL,
	"late_fee_centavos" bigint NOT NULL,
	"order_amount_centavos" bigint,
	"order_late_fee_centavos" bigint,
	CONSTRAINT "payin_items_payin_id_order_id_pk" PRIMARY KEY("payin_id","order_id"),
	CONSTRAINT "payin_items_amounts" CHECK ("payin_items"."base_centavos" >= 0 AND "payin_items"."late_fee_centavos" >= 0 AND "payin_items"."base_centavos" + "payin_items"."late_fee_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "payins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"type" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"guardian_id" text,
	"student_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"gateway_environment" text,
	"public_merchant_id" text,
	"ticket_number" text,
	"transaction_reference" text,
	"card_brand" text,
	"card_last4" text,
	"quoted_after_seq" bigint DEFAULT 0 NOT NULL,
	"receipt_number" text,
	"recorded_by" text,
	"note" text,
	"credit_created_centavos" bigint DEFAULT 0 NOT NULL,
	"credit_student_id" text,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payins_ticket_number_unique" UNIQUE("ticket_number"),
	CONSTRAINT "payins_school_idempotency_key" UNIQUE("school_id","idempotency_key"),
	CONSTRAINT "payins_amount_range" CHECK ("payins"."amount_centavos" > 0 AND "payins"."amount_centavos" <= 1000000000),
	CONSTRAINT "payins_credit_nonnegative" CHECK ("payins"."credit_created_centavos" >= 0),
	CONSTRAINT "payins_type_check" CHECK (type IN ('TRANSFER_IN', 'CASH_IN', 'CARD')),
	CONSTRAINT "payins_status_check" CHECK (status IN ('pending', 'failed', 'success', 'canceled')),
	CONSTRAINT "payins_method_check" CHECK (method IN ('cash', 'transfer', 'credit_card', 'debit_card', 'to_define'))
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"school_id" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"school_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"use_kushki_sandbox" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_directory" (
	"student_id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"billing_guardian_id" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "school_id" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "must_not_go_negative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "payload_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "school_id" text;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_credit_application_id_credit_applications_id_fk" FOREIGN KEY ("credit_application_id") REFERENCES "public"."credit_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payin_items" ADD CONSTRAINT "payin_items_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocations_order_idx" ON "allocations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "allocations_student_idx" ON "allocations" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "payins_school_created_idx" ON "payins" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "payins_guardian_idx" ON "payins" USING btree ("guardian_id");--> statement-breakpoint
CREATE INDEX "payins_student_ids_idx" ON "payins" USING gin ("student_ids");--> statement-breakpoint
CREATE INDEX "payins_pending_card_idx" ON "payins" USING btree ("created_at") WHERE "payins"."status" = 'pending' AND "payins"."type" = 'CARD';--> statement-breakpoint
CREATE INDEX "student_directory_school_idx" ON "student_directory" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_school_idx" ON "ledger_accounts" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_school_idx" ON "ledger_transactions" USING btree ("school_id");--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key");