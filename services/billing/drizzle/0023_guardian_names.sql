-- ADR 0085: guardians' names, kept from enrolment.guardian.* so billing's figures name a family.
CREATE TABLE "guardian_names" (
	"guardian_id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
