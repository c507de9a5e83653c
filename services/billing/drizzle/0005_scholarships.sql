CREATE TABLE "order_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"school_id" text NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"adjusted_by" text,
	"adjusted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholarships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"concept_id" uuid,
	"kind" text NOT NULL,
	"basis_points" integer,
	"amount_centavos" integer,
	"starts_on" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scholarships_value_check" CHECK (("scholarships"."kind" = 'PERCENT' AND "scholarships"."basis_points" BETWEEN 1 AND 10000 AND "scholarships"."amount_centavos" IS NULL)
       OR ("scholarships"."kind" = 'AMOUNT' AND "scholarships"."amount_centavos" > 0 AND "scholarships"."basis_points" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_concept_id_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."concepts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_adjustments_order_idx" ON "order_adjustments" USING btree ("order_id","adjusted_at");--> statement-breakpoint
CREATE INDEX "scholarships_school_idx" ON "scholarships" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "scholarships_student_idx" ON "scholarships" USING btree ("student_id");