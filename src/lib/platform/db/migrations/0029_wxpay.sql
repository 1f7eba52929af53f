CREATE TABLE "sandbox_transfer_bills" (
	"mch_id" text NOT NULL,
	"out_bill_no" text NOT NULL,
	"transfer_bill_no" text NOT NULL,
	"app_id" text NOT NULL,
	"open_id" text NOT NULL,
	"scene_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"remark" text NOT NULL,
	"notify_url" text,
	"package_info" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"fail_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfer_bills_mch_id_out_bill_no_pk" PRIMARY KEY("mch_id","out_bill_no"),
	CONSTRAINT "sandbox_transfer_bills_transfer_bill_no_unique" UNIQUE("transfer_bill_no"),
	CONSTRAINT "sandbox_transfer_bills_package_info_unique" UNIQUE("package_info"),
	CONSTRAINT "sandbox_transfer_bills_amount_chk" CHECK ("sandbox_transfer_bills"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_chk";--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "bank_card_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "destination" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payee_open_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_package" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_destination_chk" CHECK (("withdrawals"."destination" = 'card' and "withdrawals"."bank_card_id" is not null) or ("withdrawals"."destination" = 'wechat' and "withdrawals"."payee_open_id" is not null));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_chk" CHECK ("withdrawals"."status" in (10, 20, 25, 30, 40, 50));