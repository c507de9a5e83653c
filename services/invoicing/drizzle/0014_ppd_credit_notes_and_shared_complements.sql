ALTER TABLE "invoices" DROP CONSTRAINT "invoices_method_known";--> statement-breakpoint
DROP INDEX "invoices_school_series_folio_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "carried_by_invoice_id" uuid;--> statement-breakpoint
CREATE INDEX "invoices_carried_by_idx" ON "invoices" USING btree ("carried_by_invoice_id") WHERE "invoices"."carried_by_invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_school_series_folio_key" ON "invoices" USING btree ("school_id","series","folio") WHERE "invoices"."carried_by_invoice_id" IS NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_carried_payment" CHECK ("invoices"."carried_by_invoice_id" IS NULL OR "invoices"."document" = 'payment');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_method_known" CHECK ("invoices"."method" IS NOT NULL OR "invoices"."source_kind" = 'billing' OR "invoices"."document" = 'credit_note');--> statement-breakpoint
-- A rider is its carrier's CFDI (ADR 0037, one CFDI de pago for several PPD invoices): every
-- write that changes the carrier's CFDI (built, stamped, failed, retried, in cancellation,
-- cancelled, withdrawn) reaches its riders in the same statement, whichever code made it.
CREATE FUNCTION invoices_copy_to_riders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoices SET
    status = NEW.status, fiscal_entity_id = NEW.fiscal_entity_id, series = NEW.series,
    folio = NEW.folio, sealed_xml = NEW.sealed_xml, issued_at = NEW.issued_at,
    stamped_xml = NEW.stamped_xml, uuid = NEW.uuid, stamped_at = NEW.stamped_at,
    error_code = NEW.error_code, error_message = NEW.error_message,
    error_source = NEW.error_source, cancellation_note = NEW.cancellation_note
  WHERE carried_by_invoice_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_copy_to_riders AFTER UPDATE ON invoices FOR EACH ROW
  WHEN (NEW.document = 'payment' AND NEW.carried_by_invoice_id IS NULL)
  EXECUTE FUNCTION invoices_copy_to_riders();
