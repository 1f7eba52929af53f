CREATE TABLE "after_sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"after_sale_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"shop_id" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"audit_channel" smallint NOT NULL,
	"refusal" text,
	"return_company" text,
	"return_tracking_no" text,
	"return_shipped_at" timestamp with time zone,
	"return_received_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sales_after_sale_no_unique" UNIQUE("after_sale_no"),
	CONSTRAINT "after_sales_status_chk" CHECK ("after_sales"."status" in (10, 60, 70)),
	CONSTRAINT "after_sales_kind_chk" CHECK ("after_sales"."kind" in ('refund', 'return')),
	CONSTRAINT "after_sales_channel_chk" CHECK ("after_sales"."audit_channel" in (2, 6)),
	CONSTRAINT "after_sales_amount_chk" CHECK ("after_sales"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "after_sale_id" bigint;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sales_order_idx" ON "after_sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "after_sales_shop_idx" ON "after_sales" USING btree ("shop_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_open_line_unique" ON "after_sales" USING btree ("order_line_id") WHERE "after_sales"."status" in (10, 70);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_after_sale_unique" ON "refunds" USING btree ("after_sale_id");