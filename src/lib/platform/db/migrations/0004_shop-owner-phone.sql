ALTER TABLE "shops" ADD COLUMN "owner_phone" text;--> statement-breakpoint
UPDATE "shops" SET "owner_phone" = "users"."phone" FROM "users" WHERE "users"."id" = "shops"."owner_user_id";
