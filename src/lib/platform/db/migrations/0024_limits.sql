CREATE TABLE "live_like_windows" (
	"room_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "live_like_windows_room_id_user_id_pk" PRIMARY KEY("room_id","user_id"),
	CONSTRAINT "live_like_windows_taken_chk" CHECK ("live_like_windows"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "live_views" (
	"room_id" bigint NOT NULL,
	"viewer" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_views_room_id_viewer_pk" PRIMARY KEY("room_id","viewer")
);
--> statement-breakpoint
ALTER TABLE "live_like_windows" ADD CONSTRAINT "live_like_windows_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_like_windows" ADD CONSTRAINT "live_like_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_views" ADD CONSTRAINT "live_views_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE no action ON UPDATE no action;