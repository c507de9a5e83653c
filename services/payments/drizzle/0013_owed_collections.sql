CREATE TABLE "owed_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"payin_id" uuid,
	"credit_application_id" uuid,
	"reversal_id" uuid,
	"amount_centavos" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owed_collections_payin_student" UNIQUE("payin_id","student_id"),
	CONSTRAINT "owed_collections_credit_student" UNIQUE("credit_application_id","student_id"),
	CONSTRAINT "owed_collections_reversal_student" UNIQUE("reversal_id","student_id"),
	CONSTRAINT "owed_collections_one_source" CHECK (num_nonnulls("owed_collections"."payin_id", "owed_collections"."credit_application_id", "owed_collections"."reversal_id") = 1),
	CONSTRAINT "owed_collections_amount_sign" CHECK (CASE WHEN "owed_collections"."reversal_id" IS NULL THEN "owed_collections"."amount_centavos" > 0 ELSE "owed_collections"."amount_centavos" < 0 END)
);
--> statement-breakpoint
ALTER TABLE "owed_collections" ADD CONSTRAINT "owed_collections_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owed_collections" ADD CONSTRAINT "owed_collections_credit_application_id_credit_applications_id_fk" FOREIGN KEY ("credit_application_id") REFERENCES "public"."credit_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owed_collections" ADD CONSTRAINT "owed_collections_reversal_id_payin_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."payin_reversals"("id") ON DELETE no action ON UPDATE no action;