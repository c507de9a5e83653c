-- ADR 0037 "delivery": invoices are e-mailed to the billing guardian. Guardians copied before
-- this migration get their address with enrolment's next event about them (or a resync).
ALTER TABLE "fiscal_guardians" ADD COLUMN "email" text;
