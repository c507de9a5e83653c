CREATE TABLE "payment_proofs" (
	"payin_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_proofs_size_positive" CHECK ("payment_proofs"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "transfer_reports" (
	"payin_id" uuid PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"order_ids" text[] NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"decided_by" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_payin_id_transfer_reports_payin_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."transfer_reports"("payin_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_reports" ADD CONSTRAINT "transfer_reports_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE no action ON UPDATE no action;