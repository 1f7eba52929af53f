CREATE TABLE "nuonuo_tokens" (
	"app_key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_nuonuo_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serial_no" text NOT NULL,
	"order_no" text NOT NULL,
	"invoice_type" text NOT NULL,
	"invoice_line" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" text DEFAULT '20' NOT NULL,
	"fail_cause" text,
	"issue_at" timestamp with time zone NOT NULL,
	"invoice_no" text,
	"issued_at" timestamp with time zone,
	"reverses_no" text,
	"callback_url" text,
	"base_url" text NOT NULL,
	"callback_state" text DEFAULT 'none' NOT NULL,
	"callback_attempts" integer DEFAULT 0 NOT NULL,
	"callback_due_at" timestamp with time zone,
	"callback_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_nuonuo_serial_unique" ON "sandbox_nuonuo_requests" USING btree ("serial_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_nuonuo_order_unique" ON "sandbox_nuonuo_requests" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_nuonuo_invoice_no_unique" ON "sandbox_nuonuo_requests" USING btree ("invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_nuonuo_reversal_unique" ON "sandbox_nuonuo_requests" USING btree ("reverses_no") WHERE "sandbox_nuonuo_requests"."status" <> '22';--> statement-breakpoint
CREATE INDEX "sandbox_nuonuo_issue_due_idx" ON "sandbox_nuonuo_requests" USING btree ("issue_at") WHERE "sandbox_nuonuo_requests"."status" = '20';--> statement-breakpoint
CREATE INDEX "sandbox_nuonuo_callback_due_idx" ON "sandbox_nuonuo_requests" USING btree ("callback_due_at") WHERE "sandbox_nuonuo_requests"."callback_state" = 'due';