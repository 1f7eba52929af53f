CREATE TABLE "payout_taxes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_no" text NOT NULL,
	"shop_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"person_key" text NOT NULL,
	"month" text NOT NULL,
	"income_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"calculation" jsonb NOT NULL,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_taxes_withdrawal_no_unique" UNIQUE("withdrawal_no"),
	CONSTRAINT "payout_taxes_amounts_chk" CHECK ("payout_taxes"."income_cents" > 0 and "payout_taxes"."tax_cents" >= 0 and "payout_taxes"."tax_cents" <= "payout_taxes"."income_cents")
);
--> statement-breakpoint
ALTER TABLE "payout_taxes" ADD CONSTRAINT "payout_taxes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_taxes" ADD CONSTRAINT "payout_taxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_taxes_person_idx" ON "payout_taxes" USING btree ("person_key","month");