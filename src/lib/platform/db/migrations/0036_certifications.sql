CREATE TABLE "certification_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"certification_id" bigint NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"subject_name" text,
	"credit_code" text,
	"representative_masked" text,
	"representative_cipher" text,
	"id_front_image" text,
	"id_back_image" text,
	"licence_image" text,
	"document_valid_until" date,
	"reject_reason" text,
	"submitted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certifications_kind_chk" CHECK ("certifications"."kind" in ('individual', 'business', 'enterprise')),
	CONSTRAINT "certifications_status_chk" CHECK ("certifications"."status" in (10, 20, 30, 40, 50, 60)),
	CONSTRAINT "certifications_rejected_chk" CHECK ("certifications"."status" <> 50 or "certifications"."reject_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "certification_events" ADD CONSTRAINT "certification_events_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certification_events_idx" ON "certification_events" USING btree ("certification_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "certifications_keeper_unique" ON "certifications" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE INDEX "certifications_status_idx" ON "certifications" USING btree ("shop_id","status");--> statement-breakpoint
-- The key the operators' and legal representatives' names are encrypted with (certification area).
INSERT INTO "server_secrets" ("name", "value")
  VALUES ('certification-key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  ON CONFLICT ("name") DO NOTHING;
