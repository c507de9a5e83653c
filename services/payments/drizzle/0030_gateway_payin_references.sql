ALTER TABLE "payins" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "clabe" text;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "reference_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_preferences" ADD COLUMN "payin_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_preferences" ADD CONSTRAINT "payment_preferences_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE no action ON UPDATE no action;