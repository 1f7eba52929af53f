-- The keys a demo's 云账户 sandbox signs and encrypts with (distribution/yunzhanghu).
INSERT INTO "server_secrets" ("name", "value")
  VALUES ('yunzhanghu-sandbox', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  ON CONFLICT ("name") DO NOTHING;
