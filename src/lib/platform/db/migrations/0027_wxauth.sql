CREATE TABLE "wechat_credentials" (
	"app_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	CONSTRAINT "wechat_credentials_app_id_kind_pk" PRIMARY KEY("app_id","kind")
);
--> statement-breakpoint
CREATE TABLE "weixin_sandbox_grants" (
	"hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"app_id" text NOT NULL,
	"open_id" text,
	"scope" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weixin_sandbox_users" (
	"open_id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"nickname" text NOT NULL,
	"head_img_url" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "weixin_sandbox_grants_app_kind_idx" ON "weixin_sandbox_grants" USING btree ("app_id","kind","created_at");