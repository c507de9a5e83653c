CREATE TABLE "special_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"basis_points" integer,
	"amount_centavos" integer,
	"applied_centavos" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "special_charges_value_check" CHECK (("special_charges"."kind" = 'PERCENT' AND "special_charges"."basis_points" BETWEEN 1 AND 10000 AND "special_charges"."amount_centavos" IS NULL)
       OR ("special_charges"."kind" IN ('AMOUNT', 'FIXED') AND "special_charges"."amount_centavos" > 0 AND "special_charges"."basis_points" IS NULL)),
	CONSTRAINT "special_charges_direction_check" CHECK ("special_charges"."direction" = 'discount' OR ("special_charges"."direction" = 'surcharge' AND "special_charges"."kind" <> 'FIXED'))
);
--> statement-breakpoint
ALTER TABLE "special_charges" ADD CONSTRAINT "special_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "special_charges_school_idx" ON "special_charges" USING btree ("school_id","direction","created_at");