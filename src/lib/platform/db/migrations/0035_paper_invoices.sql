ALTER TABLE "invoices" DROP CONSTRAINT "invoices_form_chk";--> statement-breakpoint
DROP INDEX "logistics_order_unique";--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "invoice_ref" text;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN "paper_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "mail_to" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_invoice_unique" ON "logistics" USING btree ("invoice_ref") WHERE "logistics"."invoice_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_order_unique" ON "logistics" USING btree ("order_id") WHERE "logistics"."invoice_ref" is null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_mail_to_chk" CHECK ("invoices"."kind" = 'red' or ("invoices"."form" like 'paper-%') = ("invoices"."mail_to" is not null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_mailed_chk" CHECK ("invoices"."mailed_at" is null or "invoices"."form" like 'paper-%');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_form_chk" CHECK ("invoices"."form" in ('e-normal', 'e-special', 'paper-normal', 'paper-special'));