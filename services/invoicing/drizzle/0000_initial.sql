CREATE TABLE "fiscal_guardians" (
	"guardian_id" text PRIMARY KEY NOT NULL,
	"school_ids" text[] NOT NULL,
	"billing_name" text,
	"tax_id" text,
	"tax_zip_code" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE INDEX "fiscal_guardians_school_ids_idx" ON "fiscal_guardians" USING gin ("school_ids");--> statement-breakpoint
CREATE INDEX "outbox_events_unpublished_idx" ON "outbox_events" USING btree ("seq") WHERE published_at IS NULL;