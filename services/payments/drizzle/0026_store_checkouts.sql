CREATE TABLE "store_checkouts" (
	"payin_id" uuid PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"optional_order_id" text NOT NULL,
	"student_id" text,
	"buyer_email" text,
	"stock" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_checkouts_order_key" UNIQUE("school_id","optional_order_id"),
	CONSTRAINT "store_checkouts_stock_check" CHECK (stock IN ('held', 'committed', 'released', 'lapsed'))
);
--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD CONSTRAINT "store_checkouts_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_checkouts_held_idx" ON "store_checkouts" USING btree ("created_at") WHERE "store_checkouts"."stock" = 'held';