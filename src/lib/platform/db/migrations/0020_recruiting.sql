CREATE TABLE "compose_sets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"keeper_id" bigint NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"product_nos" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compose_sets_size_chk" CHECK (cardinality("compose_sets"."product_nos") between 2 and 9 and char_length("compose_sets"."title") between 2 and 20 and char_length("compose_sets"."intro") <= 100)
);
--> statement-breakpoint
CREATE TABLE "keeper_shop_profiles" (
	"shop_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keeper_shop_profiles_shop_id_user_id_pk" PRIMARY KEY("shop_id","user_id"),
	CONSTRAINT "keeper_shop_profiles_len_chk" CHECK (char_length("keeper_shop_profiles"."name") between 2 and 20 and char_length("keeper_shop_profiles"."intro") <= 100)
);
--> statement-breakpoint
CREATE TABLE "keeper_unbindings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"invited_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compose_sets" ADD CONSTRAINT "compose_sets_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_sets" ADD CONSTRAINT "compose_sets_keeper_id_users_id_fk" FOREIGN KEY ("keeper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keeper_shop_profiles" ADD CONSTRAINT "keeper_shop_profiles_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keeper_shop_profiles" ADD CONSTRAINT "keeper_shop_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keeper_unbindings" ADD CONSTRAINT "keeper_unbindings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keeper_unbindings" ADD CONSTRAINT "keeper_unbindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keeper_unbindings" ADD CONSTRAINT "keeper_unbindings_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compose_sets_keeper_idx" ON "compose_sets" USING btree ("shop_id","keeper_id","id");--> statement-breakpoint
CREATE INDEX "keeper_unbindings_user_idx" ON "keeper_unbindings" USING btree ("shop_id","user_id");