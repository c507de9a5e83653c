-- ADR 0037 "fiscal setup": a school may invoice under several razones sociales (e.g. one per
-- level), each with its CSD, series and folios. The school's one entity keeps its data.
ALTER TABLE "fiscal_entities" DROP CONSTRAINT "fiscal_entities_pkey";--> statement-breakpoint
ALTER TABLE "fiscal_entities" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_entities" ADD COLUMN "levels" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_entities" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "fiscal_entity_id" uuid;--> statement-breakpoint
UPDATE "invoices" SET "fiscal_entity_id" = "fiscal_entities"."id" FROM "fiscal_entities"
  WHERE "invoices"."school_id" = "fiscal_entities"."school_id" AND "invoices"."series" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_entities_school_rfc_key" ON "fiscal_entities" USING btree ("school_id","rfc");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_entities_school_series_key" ON "fiscal_entities" USING btree ("school_id","series");
