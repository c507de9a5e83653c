-- ADR 0037 "PPD and Pagos 2.0": an entity may invoice at billing (PPD, FormaPago 99, no method
-- yet) and each payment of a PPD invoice is a CFDI de pago (document 'payment') related to it,
-- with its installment number and previous balance. "reinvoice": a substitute (relation 04)
-- names the invoice it replaces, so it shares that invoice's source, student and part.
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_credit_note_related";--> statement-breakpoint
DROP INDEX "invoices_source_student_part_key";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "method" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_entities" ADD COLUMN "invoice_timing" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaces_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "installment" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "balance_before_centavos" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_replaces_key" ON "invoices" USING btree ("replaces_invoice_id") WHERE "invoices"."replaces_invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_cause_key" ON "invoices" USING btree ("source_kind","source_id","related_invoice_id") WHERE "invoices"."document" = 'payment';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_source_student_part_key" ON "invoices" USING btree ("source_kind","source_id","student_id","part") WHERE "invoices"."document" = 'invoice' AND "invoices"."replaces_invoice_id" IS NULL;--> statement-breakpoint
ALTER TABLE "fiscal_entities" ADD CONSTRAINT "fiscal_entities_invoice_timing_check" CHECK ("fiscal_entities"."invoice_timing" IN ('payment', 'billing'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_related_document" CHECK (("invoices"."document" IN ('credit_note', 'payment')) = ("invoices"."related_invoice_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_installment" CHECK (("invoices"."document" = 'payment') = ("invoices"."installment" IS NOT NULL AND "invoices"."balance_before_centavos" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_method_known" CHECK ("invoices"."method" IS NOT NULL OR "invoices"."source_kind" = 'billing');