ALTER TABLE "guardian_notifications" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "reminder_schedules" ADD COLUMN "channels" text[] DEFAULT '{"MAIL"}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_notifications_provider_message_idx" ON "guardian_notifications" USING btree ("provider_message_id") WHERE "guardian_notifications"."provider_message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "guardian_notifications_school_idx" ON "guardian_notifications" USING btree ("school_id","created_at");