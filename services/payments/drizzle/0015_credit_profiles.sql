CREATE TABLE "guardian_credit_profiles" (
	"school_id" text NOT NULL,
	"guardian_id" text NOT NULL,
	"risk_level" text NOT NULL,
	"paid_flag" text NOT NULL,
	"note" text,
	"updated_by" text NOT NULL,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_credit_profiles_school_id_guardian_id_pk" PRIMARY KEY("school_id","guardian_id"),
	CONSTRAINT "guardian_credit_profiles_risk_level" CHECK ("guardian_credit_profiles"."risk_level" IN ('no_risk','low_risk','medium_risk','high_risk','under_investigation')),
	CONSTRAINT "guardian_credit_profiles_paid_flag" CHECK ("guardian_credit_profiles"."paid_flag" IN ('total','partial','no_aply'))
);
