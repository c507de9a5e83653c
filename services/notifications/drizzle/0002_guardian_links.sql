CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"target_url" text NOT NULL,
	"notification_id" uuid,
	"guardian_id" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"last_clicked_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_notification_id" UNIQUE("notification_id")
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "guardian_hash" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "onboarding_stage" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "data_problems" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_notification_id_guardian_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."guardian_notifications"("id") ON DELETE cascade ON UPDATE no action;