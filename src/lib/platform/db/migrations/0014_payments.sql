CREATE TABLE "gateway_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"payment_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"outcome" smallint,
	CONSTRAINT "payment_orders_payment_id_order_id_pk" PRIMARY KEY("payment_id","order_id"),
	CONSTRAINT "payment_orders_outcome_chk" CHECK ("payment_orders"."outcome" is null or "payment_orders"."outcome" in (1, 2)),
	CONSTRAINT "payment_orders_amount_chk" CHECK ("payment_orders"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"payment_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"cause" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"gateway_refund_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_refund_no_unique" UNIQUE("refund_no"),
	CONSTRAINT "refunds_status_chk" CHECK ("refunds"."status" in (0, 1, 2, 3)),
	CONSTRAINT "refunds_amount_chk" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_cause_chk" CHECK ("refunds"."cause" in ('late_payment', 'after_sale'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_notifications_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"mch_id" text NOT NULL,
	"out_refund_no" text NOT NULL,
	"refund_id" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"refund_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"notify_url" text,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"success_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_mch_id_out_refund_no_pk" PRIMARY KEY("mch_id","out_refund_no"),
	CONSTRAINT "sandbox_refunds_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "sandbox_refunds_amount_chk" CHECK ("sandbox_refunds"."refund_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"mch_id" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"app_id" text NOT NULL,
	"trade_type" text NOT NULL,
	"description" text NOT NULL,
	"total_cents" integer NOT NULL,
	"notify_url" text NOT NULL,
	"time_expire" timestamp with time zone NOT NULL,
	"attach" text,
	"payer_open_id" text,
	"prepay_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"transaction_id" text,
	"trade_state" text DEFAULT 'NOTPAY' NOT NULL,
	"success_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transactions_mch_id_out_trade_no_pk" PRIMARY KEY("mch_id","out_trade_no"),
	CONSTRAINT "sandbox_transactions_prepay_id_unique" UNIQUE("prepay_id"),
	CONSTRAINT "sandbox_transactions_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_txn_unique";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_chk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_orders_id_fk";
--> statement-breakpoint
DROP INDEX "payments_order_idx";--> statement-breakpoint
DROP INDEX "payments_paid_order_unique";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "group_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shop_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "user_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "order_set" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "prepay" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transaction_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_open_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_order_idx" ON "payment_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_paid_unique" ON "payment_orders" USING btree ("order_id") WHERE "payment_orders"."outcome" = 1;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "sandbox_notifications_due_idx" ON "sandbox_notifications" USING btree ("next_attempt_at") WHERE "sandbox_notifications"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_refunds_trade_idx" ON "sandbox_refunds" USING btree ("mch_id","out_trade_no");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_group_idx" ON "payments" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_unique" ON "payments" USING btree ("order_set","channel") WHERE "payments"."status" = 0;--> statement-breakpoint
CREATE INDEX "payments_open_expiry_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 0;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "order_id";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "provider_txn";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_transaction_id_unique" UNIQUE("transaction_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_channel_chk" CHECK ("payments"."channel" in ('jsapi', 'h5', 'native'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_chk" CHECK ("payments"."amount_cents" > 0 and "payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."amount_cents");