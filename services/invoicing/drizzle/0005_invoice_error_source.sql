-- Who refused an invoice (ADR 0037's labels): invoicing's own checks name their codes in
-- words with underscores (SIN_DATOS_FISCALES, CURP_ALUMNO_INVALIDA…); the PAC's are SAT's
-- CFDI40xxx, its own numbers or HTTP_nnn when it answered nonsense.
ALTER TABLE "invoices" ADD COLUMN "error_source" text;--> statement-breakpoint
UPDATE "invoices" SET "error_source" = CASE WHEN "error_code" LIKE '%\_%' AND "error_code" NOT LIKE 'HTTP\_%' THEN 'checks' ELSE 'pac' END
  WHERE "error_code" IS NOT NULL;
