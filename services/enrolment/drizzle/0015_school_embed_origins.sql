CREATE TABLE "school_embed_origins" (
	"school_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_embed_origins_school_id_origin_pk" PRIMARY KEY("school_id","origin")
);
--> statement-breakpoint
ALTER TABLE "school_embed_origins" ADD CONSTRAINT "school_embed_origins_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;