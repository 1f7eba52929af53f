-- Nothing ever wrote withdrawals or bank cards before the ledger; their new columns need no data.
DELETE FROM "withdrawals";--> statement-breakpoint
DELETE FROM "bank_cards";--> statement-breakpoint
CREATE TABLE "attributions" (
	"shop_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"distributor_id" bigint NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attributions_shop_id_user_id_pk" PRIMARY KEY("shop_id","user_id"),
	CONSTRAINT "attributions_not_self_chk" CHECK ("attributions"."user_id" <> "attributions"."distributor_id")
);
--> statement-breakpoint
CREATE TABLE "forward_texts" (
	"shop_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"content_type" smallint NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forward_texts_shop_id_user_id_content_type_pk" PRIMARY KEY("shop_id","user_id","content_type")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"posted_cents" bigint DEFAULT 0 NOT NULL,
	"pending_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_unique" UNIQUE NULLS NOT DISTINCT("shop_id","user_id","kind"),
	CONSTRAINT "ledger_accounts_kind_chk" CHECK ("ledger_accounts"."kind" in ('available', 'withdrawing', 'owed', 'commission', 'payouts')),
	CONSTRAINT "ledger_accounts_owner_chk" CHECK (("ledger_accounts"."user_id" is null) = ("ledger_accounts"."kind" in ('commission', 'payouts'))),
	CONSTRAINT "ledger_accounts_balance_chk" CHECK (case "ledger_accounts"."kind"
        when 'available' then "ledger_accounts"."posted_cents" >= 0 and "ledger_accounts"."pending_cents" >= 0
        when 'withdrawing' then "ledger_accounts"."posted_cents" >= 0 and "ledger_accounts"."pending_cents" = 0
        when 'owed' then "ledger_accounts"."posted_cents" <= 0 and "ledger_accounts"."pending_cents" = 0
        else true end)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"pending_id" text,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"order_line_id" bigint,
	"withdrawal_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_chk" CHECK ("ledger_transfers"."amount_cents" > 0),
	CONSTRAINT "ledger_transfers_accounts_chk" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_kind_chk" CHECK ("ledger_transfers"."kind" in ('posted', 'pending', 'post', 'void') and ("ledger_transfers"."kind" in ('post', 'void')) = ("ledger_transfers"."pending_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "link_visits" (
	"shop_id" text NOT NULL,
	"distributor_id" bigint NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_visits_shop_id_distributor_id_day_pk" PRIMARY KEY("shop_id","distributor_id","day")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payout_bills" (
	"out_bill_no" text PRIMARY KEY NOT NULL,
	"bill_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"card_no_hash" text NOT NULL,
	"state" text NOT NULL,
	"fail_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payout_bills_bill_id_unique" UNIQUE("bill_id")
);
--> statement-breakpoint
CREATE TABLE "share_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"user_id" bigint,
	"distributor_id" bigint,
	"content_type" smallint NOT NULL,
	"content_id" text DEFAULT '' NOT NULL,
	"share_channel" integer,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_events_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "wallets" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "wallet_entries" CASCADE;--> statement-breakpoint
DROP TABLE "wallets" CASCADE;--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_amount_chk";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_chk";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "commission_settle_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "commission_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "commission_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "kind" text DEFAULT 'personal' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "bank_code" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "card_no_cipher" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "status" text DEFAULT 'bound' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "verify_amount_hash" text;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "verify_tries_left" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "withdrawal_no" text NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "card_label" text NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "out_bill_no" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "provider_bill_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fail_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_distributor_id_users_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_texts" ADD CONSTRAINT "forward_texts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_texts" ADD CONSTRAINT "forward_texts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pending_id_ledger_transfers_id_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_visits" ADD CONSTRAINT "link_visits_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_visits" ADD CONSTRAINT "link_visits_distributor_id_users_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_events" ADD CONSTRAINT "share_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_events" ADD CONSTRAINT "share_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_events" ADD CONSTRAINT "share_events_distributor_id_users_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD CONSTRAINT "withdrawal_events_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attributions_distributor_idx" ON "attributions" USING btree ("shop_id","distributor_id","bound_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_resolves_unique" ON "ledger_transfers" USING btree ("pending_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_line_idx" ON "ledger_transfers" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "share_events_shop_idx" ON "share_events" USING btree ("shop_id","distributor_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_events_idx" ON "withdrawal_events" USING btree ("withdrawal_id","id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_number_unique" ON "bank_cards" USING btree ("user_id","card_no_hash") WHERE "bank_cards"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("shop_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("shop_id","status");--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "profit_cents";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_withdrawal_no_unique" UNIQUE("withdrawal_no");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_out_bill_no_unique" UNIQUE("out_bill_no");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_commission_chk" CHECK ("activities"."commission_rate_bp" between 0 and 5000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_commission_chk" CHECK ("products"."commission_rate_bp" is null or "products"."commission_rate_bp" between 0 and 5000);--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_kind_chk" CHECK ("bank_cards"."kind" in ('personal', 'enterprise'));--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_status_chk" CHECK ("bank_cards"."status" in ('bound', 'verifying', 'failed'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_amount_chk" CHECK ("withdrawals"."amount_cents" > 0 and "withdrawals"."fee_cents" >= 0 and "withdrawals"."fee_cents" < "withdrawals"."amount_cents");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_chk" CHECK ("withdrawals"."status" in (10, 20, 30, 40, 50));--> statement-breakpoint
-- Transfers are history: written once, never changed nor removed.
CREATE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON "ledger_transfers"
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();
--> statement-breakpoint
-- Keys made once per database: one signs the attribution cookie, one encrypts bank card numbers.
INSERT INTO "server_secrets" ("name", "value")
  VALUES ('attribution-key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')),
         ('bank-card-key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
