ALTER TABLE "activities" ADD COLUMN "kind" text DEFAULT 'brand' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "rule" jsonb;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_kind_chk" CHECK ("activities"."kind" in ('brand', 'seckill', 'presale', 'npiece'));