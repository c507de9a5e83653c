-- ADR 0037: a payment's colegiatura and its other concepts are separate CFDI. Invoices issued
-- before held both; one with a colegiatura is labelled `tuition` (it carries the IEDU), a
-- credit note takes its income invoice's part.
DROP INDEX "invoices_source_student_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "part" text;--> statement-breakpoint
UPDATE "invoices" SET "part" = CASE WHEN "lines" @> '[{"concept_type": "MONTHLY_FEE"}]' THEN 'tuition' ELSE 'other' END
  WHERE "document" = 'invoice';--> statement-breakpoint
UPDATE "invoices" AS "note" SET "part" = "income"."part" FROM "invoices" AS "income"
  WHERE "note"."related_invoice_id" = "income"."id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "part" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_source_student_part_key" ON "invoices" USING btree ("source_kind","source_id","student_id","part") WHERE "invoices"."document" = 'invoice';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_part_check" CHECK ("invoices"."part" IN ('tuition', 'other'));
