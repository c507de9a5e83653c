-- One student read model (docs/adr/0026): student_directory is now the table billing,
-- payments and invoicing share. Billing's rows keep their level and status (only other
-- services' older rows may lack them); CURP arrives with each student's next snapshot.
ALTER TABLE "student_directory" ALTER COLUMN "level" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "student_directory" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "student_directory" ADD COLUMN "curp" text;