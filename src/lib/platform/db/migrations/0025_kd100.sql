CREATE TABLE "sandbox_kuaidi100_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"number" text NOT NULL,
	"callback_url" text NOT NULL,
	"salt" text,
	"from_text" text DEFAULT '' NOT NULL,
	"to_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'polling' NOT NULL,
	"pushed_count" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_push_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "latest_trace_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "subscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "subscribe_due_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "subscribe_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "subscribe_result" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_kuaidi100_number_unique" ON "sandbox_kuaidi100_subscriptions" USING btree ("company","number");--> statement-breakpoint
CREATE INDEX "sandbox_kuaidi100_due_idx" ON "sandbox_kuaidi100_subscriptions" USING btree ("next_push_at") WHERE "sandbox_kuaidi100_subscriptions"."status" = 'polling';--> statement-breakpoint
CREATE INDEX "logistics_tracking_idx" ON "logistics" USING btree ("tracking_no","carrier");--> statement-breakpoint
CREATE INDEX "logistics_subscribe_due_idx" ON "logistics" USING btree ("subscribe_due_at") WHERE "logistics"."subscribe_due_at" is not null;