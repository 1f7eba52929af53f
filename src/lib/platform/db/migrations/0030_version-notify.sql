-- Every server holds the content version and the versions of the users it has seen in memory
-- (decision 045) instead of reading them on every request: each raise is announced with NOTIFY
-- at commit, to every process listening on the database (PGlite's one process included).
-- Payloads: the new content version; `user_id:version` for a user.
CREATE FUNCTION "notify_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_version', NEW."version"::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "content_version_notify" AFTER UPDATE ON "content_version" FOR EACH ROW
  EXECUTE FUNCTION "notify_content_version"();--> statement-breakpoint
CREATE FUNCTION "notify_user_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_version', NEW."user_id"::text || ':' || NEW."version"::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_versions_notify" AFTER INSERT OR UPDATE ON "user_versions" FOR EACH ROW
  EXECUTE FUNCTION "notify_user_version"();
