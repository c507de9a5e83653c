CREATE TABLE "invoice_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"school_id" text NOT NULL,
	"motive" text NOT NULL,
	"substitute_uuid" text,
	"reason" text,
	"requested_by" text,
	"state" text DEFAULT 'requested' NOT NULL,
	"folio_status" text,
	"acuse" text,
	"error_code" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_token" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "invoice_cancellations_state_check" CHECK (state IN ('requested', 'in_process', 'canceled', 'rejected', 'refused')),
	CONSTRAINT "invoice_cancellations_substitute_only_01" CHECK (("invoice_cancellations"."motive" = '01') = ("invoice_cancellations"."substitute_uuid" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_status_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_note" text;--> statement-breakpoint
ALTER TABLE "invoice_cancellations" ADD CONSTRAINT "invoice_cancellations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_cancellations_open_key" ON "invoice_cancellations" USING btree ("invoice_id") WHERE "invoice_cancellations"."state" IN ('requested', 'in_process');--> statement-breakpoint
CREATE INDEX "invoice_cancellations_due_idx" ON "invoice_cancellations" USING btree ("next_attempt_at") WHERE "invoice_cancellations"."state" IN ('requested', 'in_process');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK (status IN ('pending', 'success', 'failed', 'canceling', 'canceled'));