CREATE TABLE "payout_balances" (
	"school_id" text NOT NULL,
	"as_of" date NOT NULL,
	"balance_centavos" bigint NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_balances_school_id_as_of_pk" PRIMARY KEY("school_id","as_of")
);
--> statement-breakpoint
CREATE TABLE "payout_payins" (
	"payin_id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"collected_on" date NOT NULL,
	"scheduled_on" date NOT NULL,
	"status" text NOT NULL,
	"payins" integer NOT NULL,
	"collected_centavos" bigint NOT NULL,
	"reversed_centavos" bigint NOT NULL,
	"fee_centavos" bigint NOT NULL,
	"net_centavos" bigint NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"gateway_ticket" text,
	"public_merchant_id" text,
	"status_reason" text,
	"created_by" text NOT NULL,
	"created_by_name" text,
	"executed_by" text,
	"executed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_gateway_ticket_unique" UNIQUE("gateway_ticket"),
	CONSTRAINT "payouts_school_day" UNIQUE("school_id","collected_on"),
	CONSTRAINT "payouts_status_check" CHECK (status IN ('SCHEDULED', 'PROCESSING', 'APPROVED', 'DECLINED', 'CANCELED')),
	CONSTRAINT "payouts_net_positive" CHECK ("payouts"."net_centavos" > 0),
	CONSTRAINT "payouts_amounts" CHECK ("payouts"."net_centavos" = "payouts"."collected_centavos" - "payouts"."reversed_centavos" - "payouts"."fee_centavos")
);
--> statement-breakpoint
ALTER TABLE "payout_payins" ADD CONSTRAINT "payout_payins_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_payins" ADD CONSTRAINT "payout_payins_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;