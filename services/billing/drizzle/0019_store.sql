CREATE TABLE "optional_order_lines" (
	"order_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"variant_label" text NOT NULL,
	"tax" text NOT NULL,
	"unit_price_centavos" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "optional_order_lines_order_id_variant_id_pk" PRIMARY KEY("order_id","variant_id"),
	CONSTRAINT "optional_order_lines_quantity_check" CHECK ("optional_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "optional_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"checkout_ref" text NOT NULL,
	"guardian_id" text,
	"student_id" text,
	"buyer_email" text,
	"status" text NOT NULL,
	"total_centavos" integer NOT NULL,
	"hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivered_by" text,
	CONSTRAINT "optional_orders_checkout_key" UNIQUE("school_id","checkout_ref"),
	CONSTRAINT "optional_orders_status_check" CHECK (status IN ('pending_payment', 'paid', 'delivered', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "store_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "store_categories_name_key" UNIQUE("school_id","name")
);
--> statement-breakpoint
CREATE TABLE "store_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"category_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_centavos" integer NOT NULL,
	"tax" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_items_price_check" CHECK ("store_items"."price_centavos" > 0),
	CONSTRAINT "store_items_tax_check" CHECK (tax IN ('IVA_16', 'IVA_0', 'EXENTO'))
);
--> statement-breakpoint
CREATE TABLE "store_stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"variant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"movement" text NOT NULL,
	"quantity" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"limited_after" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"optional_order_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_stock_movements_kind_check" CHECK (kind IN ('SUM', 'SUBTRACT', 'LIMITED', 'UNLIMITED', 'SET_FIRST_TIME', 'UPDATE')),
	CONSTRAINT "store_stock_movements_movement_check" CHECK (movement IN ('INTERNAL', 'EXTERNAL'))
);
--> statement-breakpoint
CREATE TABLE "store_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"size" text,
	"colour" text,
	"limited" boolean DEFAULT true NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "store_variants_stock_check" CHECK ("store_variants"."reserved" >= 0 AND "store_variants"."on_hand" >= 0 AND (NOT "store_variants"."limited" OR "store_variants"."reserved" <= "store_variants"."on_hand"))
);
--> statement-breakpoint
ALTER TABLE "optional_order_lines" ADD CONSTRAINT "optional_order_lines_order_id_optional_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."optional_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optional_order_lines" ADD CONSTRAINT "optional_order_lines_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_category_id_store_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."store_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock_movements" ADD CONSTRAINT "store_stock_movements_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variants" ADD CONSTRAINT "store_variants_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "optional_orders_school_idx" ON "optional_orders" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE INDEX "optional_orders_held_idx" ON "optional_orders" USING btree ("hold_until") WHERE "optional_orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "store_items_school_idx" ON "store_items" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "store_stock_movements_school_idx" ON "store_stock_movements" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "store_variants_item_idx" ON "store_variants" USING btree ("item_id");