ALTER TABLE "fiscal_entities" ADD COLUMN "publico_en_general" text DEFAULT 'per_payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "global_state" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "global_invoice_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_global_period_key" ON "invoices" USING btree ("source_id") WHERE "invoices"."document" = 'global';--> statement-breakpoint
CREATE INDEX "invoices_global_members_idx" ON "invoices" USING btree ("global_invoice_id") WHERE "invoices"."global_invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_held_idx" ON "invoices" USING btree ("fiscal_entity_id") WHERE "invoices"."global_state" = 'held' AND "invoices"."global_invoice_id" IS NULL;--> statement-breakpoint
ALTER TABLE "fiscal_entities" ADD CONSTRAINT "fiscal_entities_publico_en_general_check" CHECK (publico_en_general IN ('per_payment', 'daily', 'weekly', 'biweekly', 'monthly', 'bimonthly'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_global_state_check" CHECK ("invoices"."global_state" IN ('held', 'released'));