ALTER TABLE "optional_order_lines" ADD COLUMN "sat_product_key" text;--> statement-breakpoint
ALTER TABLE "optional_orders" ADD COLUMN "lead_id" text;--> statement-breakpoint
ALTER TABLE "store_items" ADD COLUMN "sat_product_key" text;