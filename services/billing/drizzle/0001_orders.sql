CREATE TABLE "bill_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"concept_id" uuid NOT NULL,
	"period" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"eligible_students" integer DEFAULT 0 NOT NULL,
	"created_orders" integer DEFAULT 0 NOT NULL,
	"existing_orders" integer DEFAULT 0 NOT NULL,
	"total_centavos" bigint DEFAULT 0 NOT NULL,
	"removed_orders" integer DEFAULT 0 NOT NULL,
	"kept_orders" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "concepts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"name" text NOT NULL,
	"concept_type" text NOT NULL,
	"recurrence" text NOT NULL,
	"price_centavos" integer NOT NULL,
	"level" text,
	"periods" text[] DEFAULT '{}'::text[] NOT NULL,
	"due_day" integer,
	"due_on" date,
	"late_fee" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concepts_price_check" CHECK ("concepts"."price_centavos" > 0 AND "concepts"."price_centavos" <= 1000000000),
	CONSTRAINT "concepts_type_check" CHECK (concept_type IN ('MONTHLY_FEE', 'INSCRIPTION', 'TRANSPORT', 'PRE_DEBT', 'OTHER', 'REINSCRIPTION', 'EXTRACURRICULAR', 'SPORTS', 'CAFETERIA', 'BOOKS_AND_MATERIALS', 'EXAMS_AND_CERTIFICATES', 'UNIFORMS_AND_MERCH', 'DONATION', 'EVENTS', 'TRIPS', 'INSURANCE')),
	CONSTRAINT "concepts_recurrence_check" CHECK (recurrence IN ('SINGLE', 'DAILY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"caller" text NOT NULL,
	"endpoint" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_caller_endpoint_key_pk" PRIMARY KEY("caller","endpoint","key")
);
--> statement-breakpoint
CREATE TABLE "order_allocations" (
	"source_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"base_centavos" integer NOT NULL,
	"late_fee_centavos" integer NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_allocations_source_id_order_id_pk" PRIMARY KEY("source_id","order_id"),
	CONSTRAINT "order_allocations_amounts_check" CHECK ("order_allocations"."base_centavos" >= 0 AND "order_allocations"."late_fee_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"concept_id" uuid NOT NULL,
	"bill_run_id" uuid,
	"period" text,
	"due_on" date NOT NULL,
	"amount_centavos" integer NOT NULL,
	"late_fee" jsonb,
	"paid_base_centavos" integer DEFAULT 0 NOT NULL,
	"paid_late_fee_centavos" integer DEFAULT 0 NOT NULL,
	"paid_on" date,
	"waiting_payin_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_student_concept_period_key" UNIQUE NULLS NOT DISTINCT("student_id","concept_id","period"),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_centavos" > 0),
	CONSTRAINT "orders_paid_check" CHECK ("orders"."paid_base_centavos" BETWEEN 0 AND "orders"."amount_centavos" AND "orders"."paid_late_fee_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "student_balances" (
	"student_id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"open_orders" integer DEFAULT 0 NOT NULL,
	"pending_centavos" bigint DEFAULT 0 NOT NULL,
	"oldest_due_on" date,
	"grace_ends_on" date,
	CONSTRAINT "student_balances_amounts_check" CHECK ("student_balances"."open_orders" >= 0 AND "student_balances"."pending_centavos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_concept_id_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."concepts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_allocations" ADD CONSTRAINT "order_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_concept_id_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."concepts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bill_run_id_bill_runs_id_fk" FOREIGN KEY ("bill_run_id") REFERENCES "public"."bill_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_runs_school_idx" ON "bill_runs" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "concepts_school_idx" ON "concepts" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "order_allocations_order_idx" ON "order_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_school_student_idx" ON "orders" USING btree ("school_id","student_id","due_on");--> statement-breakpoint
CREATE INDEX "orders_bill_run_idx" ON "orders" USING btree ("bill_run_id");--> statement-breakpoint
CREATE INDEX "orders_concept_idx" ON "orders" USING btree ("concept_id");--> statement-breakpoint
CREATE INDEX "student_balances_school_idx" ON "student_balances" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "student_directory_school_name_idx" ON "student_directory" USING btree ("school_id","last_name" COLLATE "es-x-icu","first_name" COLLATE "es-x-icu","student_id");