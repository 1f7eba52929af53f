CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The key of the SMS code hashes: made here, once per database, from the server's strong random
-- source (two random UUIDs, 244 random bits).
INSERT INTO "server_secrets" ("name", "value")
  VALUES ('sms-code-hash', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
