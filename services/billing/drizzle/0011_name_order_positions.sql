CREATE TABLE "name_order_builds" (
	"school_id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"students" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "name_order_changes" (
	"school_id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "name_order_positions" (
	"school_id" text NOT NULL,
	"position" integer NOT NULL,
	"student_id" text NOT NULL,
	CONSTRAINT "name_order_positions_school_id_position_pk" PRIMARY KEY("school_id","position")
);
