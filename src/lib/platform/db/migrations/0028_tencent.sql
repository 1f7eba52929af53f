CREATE TABLE "identity_check_calls" (
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "identity_check_calls_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "identity_check_results" (
	"kind" text NOT NULL,
	"input_hash" text NOT NULL,
	"result" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_check_results_kind_input_hash_pk" PRIMARY KEY("kind","input_hash")
);
