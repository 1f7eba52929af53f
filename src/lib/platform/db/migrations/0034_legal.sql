CREATE TABLE "agreement_acceptances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"shop_id" text NOT NULL,
	"agreement_id" bigint NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"text_hash" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_ip" text,
	"user_agent" text,
	"via" text NOT NULL,
	CONSTRAINT "agreement_acceptances_via_chk" CHECK ("agreement_acceptances"."via" in ('login', 'prompt', 'contract', 'page'))
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"effective_date" date NOT NULL,
	"body" jsonb NOT NULL,
	"text_hash" text NOT NULL,
	"published_by" bigint,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_version_chk" CHECK ("agreements"."version" >= 1),
	CONSTRAINT "agreements_hash_chk" CHECK ("agreements"."text_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "shop_licences" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"credit_code" text NOT NULL,
	"representative" text NOT NULL,
	"capital" text DEFAULT '' NOT NULL,
	"founded_on" date NOT NULL,
	"term_start" date NOT NULL,
	"term_end" date,
	"address" text NOT NULL,
	"scope" text NOT NULL,
	"authority" text NOT NULL,
	"picture_media_id" bigint,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_licences" ADD CONSTRAINT "shop_licences_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_licences" ADD CONSTRAINT "shop_licences_picture_media_id_media_id_fk" FOREIGN KEY ("picture_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_licences" ADD CONSTRAINT "shop_licences_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_acceptances_once" ON "agreement_acceptances" USING btree ("user_id","agreement_id");--> statement-breakpoint
CREATE INDEX "agreement_acceptances_user_idx" ON "agreement_acceptances" USING btree ("user_id","shop_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_version_unique" ON "agreements" USING btree ("shop_id","type","version");--> statement-breakpoint
-- A published version is never edited: what a shopper accepted stays what the row says. A new
-- text is a new version (a new row). Only who published it may change, when two accounts of one
-- person are merged (identity/accounts.server.ts).
CREATE FUNCTION "agreements_never_edited"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'published_by') = (to_jsonb(OLD) - 'published_by') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'agreement % version % of shop % is published and cannot be edited',
    OLD."type", OLD."version", OLD."shop_id"
    USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "agreements_never_edited" BEFORE UPDATE ON "agreements"
  FOR EACH ROW EXECUTE FUNCTION "agreements_never_edited"();--> statement-breakpoint
-- Agreements and the licence are content the pages show (decision 007). Row triggers: the
-- platform's texts are installed with INSERT … ON CONFLICT DO NOTHING, which must not raise the
-- version when it inserts nothing.
CREATE TRIGGER "agreements_content_rows" AFTER INSERT OR DELETE ON "agreements"
  FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "shop_licences_content_rows" AFTER INSERT OR DELETE ON "shop_licences"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "shop_licences_content_update" AFTER UPDATE ON "shop_licences"
  FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
-- An acceptance changes what the shopper's pages ask (the agreement prompt): their version rises
-- (decision 015).
CREATE CONSTRAINT TRIGGER "agreement_acceptances_user_version" AFTER INSERT OR DELETE ON "agreement_acceptances"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_user_version"('user_id');
