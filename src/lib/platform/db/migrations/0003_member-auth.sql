CREATE TABLE "messaging_sandbox_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"open_id" text NOT NULL,
	"nickname" text NOT NULL,
	"avatar_url" text,
	"default_phone" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_phone" text;--> statement-breakpoint
CREATE INDEX "messaging_sandbox_codes_expires_idx" ON "messaging_sandbox_codes" USING btree ("expires_at");