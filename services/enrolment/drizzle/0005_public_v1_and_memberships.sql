ALTER TABLE "sections" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_memberships" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_memberships" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "school_cycles_school_updated_idx" ON "school_cycles" USING btree ("school_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "sections_school_updated_idx" ON "sections" USING btree ("school_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "students_school_updated_idx" ON "students" USING btree ("school_id","updated_at","id");--> statement-breakpoint
ALTER TABLE "staff_memberships" ADD CONSTRAINT "staff_memberships_id_unique" UNIQUE("id");