DROP INDEX "invoices_source_student_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "document" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "related_invoice_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_note_cause_key" ON "invoices" USING btree ("source_kind","source_id","related_invoice_id") WHERE "invoices"."document" = 'credit_note';--> statement-breakpoint
CREATE INDEX "invoices_related_idx" ON "invoices" USING btree ("related_invoice_id") WHERE "invoices"."related_invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_source_student_key" ON "invoices" USING btree ("source_kind","source_id","student_id") WHERE "invoices"."document" = 'invoice';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_related" CHECK (("invoices"."document" = 'credit_note') = ("invoices"."related_invoice_id" IS NOT NULL));