ALTER TABLE "payins" ADD COLUMN "recorded_by_name" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "desk_limit_centavos" bigint DEFAULT 5000000 NOT NULL;