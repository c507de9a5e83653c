ALTER TABLE "schools" ADD COLUMN "privacy_notice" text;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "purpose" text DEFAULT 'invitation' NOT NULL;