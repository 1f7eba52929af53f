CREATE TABLE "sms_code_tries" (
	"code_id" bigint NOT NULL,
	"client" text NOT NULL,
	"wrong" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_code_tries_code_id_client_pk" PRIMARY KEY("code_id","client")
);
--> statement-breakpoint
ALTER TABLE "sms_code_tries" ADD CONSTRAINT "sms_code_tries_code_id_sms_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."sms_codes"("id") ON DELETE cascade ON UPDATE no action;