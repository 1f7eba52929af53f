ALTER TABLE "withdrawals" ADD COLUMN "receipt_media_id" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "receipt_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_receipt_media_id_media_id_fk" FOREIGN KEY ("receipt_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;