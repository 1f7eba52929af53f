CREATE TABLE "invoice_category_taxes" (
	"shop_id" text NOT NULL,
	"category_id" bigint NOT NULL,
	"tax_code" text NOT NULL,
	"short_name" text NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "invoice_category_taxes_shop_id_category_id_pk" PRIMARY KEY("shop_id","category_id"),
	CONSTRAINT "invoice_category_taxes_rate_chk" CHECK ("invoice_category_taxes"."rate_bp" between 0 and 1700)
);
--> statement-breakpoint
CREATE TABLE "invoice_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" bigint NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_events_actor_chk" CHECK ("invoice_events"."actor" in ('shopper', 'shop', 'provider', 'timer'))
);
--> statement-breakpoint
CREATE TABLE "invoice_files" (
	"invoice_id" bigint PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_refunds" (
	"refund_no" text PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"special_enabled" boolean DEFAULT false NOT NULL,
	"seller_name" text NOT NULL,
	"seller_tax_id" text NOT NULL,
	"seller_address" text DEFAULT '' NOT NULL,
	"seller_phone" text DEFAULT '' NOT NULL,
	"seller_bank" text DEFAULT '' NOT NULL,
	"seller_account" text DEFAULT '' NOT NULL,
	"tax_code" text NOT NULL,
	"tax_short_name" text NOT NULL,
	"tax_rate_bp" integer DEFAULT 1300 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"tax_id" text,
	"reg_address" text DEFAULT '' NOT NULL,
	"reg_phone" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_titles_kind_chk" CHECK ("invoice_titles"."kind" in ('personal', 'company')),
	CONSTRAINT "invoice_titles_tax_id_chk" CHECK (("invoice_titles"."kind" = 'company') = ("invoice_titles"."tax_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_ref" text NOT NULL,
	"request_no" text NOT NULL,
	"shop_id" text NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"form" text NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"buyer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"reverses_id" bigint,
	"replaces_id" bigint,
	"serial_no" text,
	"invoice_no" text,
	"invoice_code" text,
	"issued_at" timestamp with time zone,
	"failure" text,
	"manual" boolean DEFAULT false NOT NULL,
	"pdf_url" text,
	"tries" smallint DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoice_ref_unique" UNIQUE("invoice_ref"),
	CONSTRAINT "invoices_request_no_unique" UNIQUE("request_no"),
	CONSTRAINT "invoices_kind_chk" CHECK ("invoices"."kind" in ('blue', 'red')),
	CONSTRAINT "invoices_form_chk" CHECK ("invoices"."form" in ('e-normal', 'e-special')),
	CONSTRAINT "invoices_status_chk" CHECK ("invoices"."status" in (10, 20, 30, 40, 50, 60)),
	CONSTRAINT "invoices_red_chk" CHECK (("invoices"."kind" = 'red') = ("invoices"."reverses_id" is not null) and ("invoices"."kind" = 'blue' or "invoices"."amount_cents" < 0)),
	CONSTRAINT "invoices_blue_amount_chk" CHECK ("invoices"."kind" = 'red' or "invoices"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_category_taxes" ADD CONSTRAINT "invoice_category_taxes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_category_taxes" ADD CONSTRAINT "invoice_category_taxes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_refunds" ADD CONSTRAINT "invoice_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_idx" ON "invoice_events" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "invoice_refunds_open_idx" ON "invoice_refunds" USING btree ("created_at") WHERE "invoice_refunds"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "invoice_titles_user_idx" ON "invoice_titles" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_titles_default_unique" ON "invoice_titles" USING btree ("user_id") WHERE "invoice_titles"."is_default";--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","shop_id","id");--> statement-breakpoint
CREATE INDEX "invoices_shop_idx" ON "invoices" USING btree ("shop_id","status","id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_live_blue_unique" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'blue' and "invoices"."status" <> 60;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_red_unique" ON "invoices" USING btree ("reverses_id") WHERE "invoices"."kind" = 'red';--> statement-breakpoint
CREATE INDEX "invoices_pending_idx" ON "invoices" USING btree ("next_try_at") WHERE "invoices"."status" in (10, 20);