CREATE TABLE "credit_origins" (
	"student_id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"payin_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_entities" (
	"school_id" text PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"legal_name" text NOT NULL,
	"regimen_fiscal" text NOT NULL,
	"postal_code" text NOT NULL,
	"rvoe" jsonb NOT NULL,
	"time_zone" text DEFAULT 'America/Mexico_City' NOT NULL,
	"series" text NOT NULL,
	"next_folio" bigint DEFAULT 1 NOT NULL,
	"csd_certificate" "bytea" NOT NULL,
	"csd_no_certificado" text NOT NULL,
	"csd_valid_to" timestamp with time zone NOT NULL,
	"csd_key_sealed" "bytea" NOT NULL,
	"csd_password_sealed" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_entities_next_folio_positive" CHECK ("fiscal_entities"."next_folio" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"student_id" text NOT NULL,
	"payer_guardian_id" text,
	"billing_guardian_id" text,
	"method" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"lines" jsonb NOT NULL,
	"order_ids" text[] NOT NULL,
	"total_centavos" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"series" text,
	"folio" text,
	"receptor_rfc" text NOT NULL,
	"receptor_name" text NOT NULL,
	"receptor_note" text,
	"sealed_xml" text,
	"issued_at" timestamp with time zone,
	"stamped_xml" text,
	"uuid" text,
	"stamped_at" timestamp with time zone,
	"error_code" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_token" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_total_positive" CHECK ("invoices"."total_centavos" > 0),
	CONSTRAINT "invoices_status_check" CHECK (status IN ('pending', 'failed', 'success')),
	CONSTRAINT "invoices_stamped_has_uuid" CHECK ("invoices"."status" <> 'success' OR "invoices"."uuid" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "students" (
	"student_id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"curp" text,
	"level" text NOT NULL,
	"billing_guardian_id" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiscal_guardians" ADD COLUMN "tax_regime" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_source_student_key" ON "invoices" USING btree ("source_kind","source_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_school_series_folio_key" ON "invoices" USING btree ("school_id","series","folio");--> statement-breakpoint
CREATE INDEX "invoices_school_created_idx" ON "invoices" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_order_ids_idx" ON "invoices" USING gin ("order_ids");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("next_attempt_at") WHERE "invoices"."status" = 'pending';