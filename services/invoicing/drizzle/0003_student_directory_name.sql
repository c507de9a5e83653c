-- One student read model (docs/adr/0026): invoicing's copy of enrolment's students takes
-- the shared table's name (a rename: no row moves). Its primary key follows, as a table
-- created under the new name would have it.
ALTER TABLE "students" RENAME TO "student_directory";--> statement-breakpoint
ALTER INDEX "students_pkey" RENAME TO "student_directory_pkey";