DROP INDEX "orders_idempotency_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "real_names" DROP COLUMN "name";