ALTER TABLE "payin_reversals" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payin_reversals" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "payin_reversals" ADD COLUMN "gateway_ticket_number" text;--> statement-breakpoint
ALTER TABLE "payin_reversals" ADD COLUMN "gateway_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payin_reversals" ADD COLUMN "error_message" text;--> statement-breakpoint
ALTER TABLE "payin_reversals" ADD CONSTRAINT "payin_reversals_gateway_ticket_number_unique" UNIQUE("gateway_ticket_number");--> statement-breakpoint
ALTER TABLE "payin_reversals" ADD CONSTRAINT "payin_reversals_school_idempotency_key" UNIQUE("school_id","idempotency_key");