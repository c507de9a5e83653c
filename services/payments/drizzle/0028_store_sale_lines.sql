ALTER TABLE "store_checkouts" DROP CONSTRAINT "store_checkouts_stock_check";--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD CONSTRAINT "store_checkouts_stock_check" CHECK (stock IN ('held', 'committed', 'released', 'lapsed', 'refunded'));