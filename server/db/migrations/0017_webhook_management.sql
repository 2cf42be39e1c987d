ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_scopes";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secrets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by_api_key_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_api_key_fk" FOREIGN KEY ("client_id","created_by_api_key_id") REFERENCES "public"."api_keys"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes" CHECK (cardinality("api_keys"."scopes") > 0 and "api_keys"."scopes" <@ array['bills:write', 'payments:read', 'refunds:write', 'webhooks:write']);--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_previous_secrets" CHECK (jsonb_typeof("webhook_endpoints"."previous_secrets") = 'array');--> statement-breakpoint
-- Hand-written: a secret rotated out before this migration keeps signing until its own expiry,
-- now as the first of the endpoint's previous secrets.
UPDATE "webhook_endpoints" SET "previous_secrets" = jsonb_build_array(jsonb_build_object(
  'secret', "previous_secret",
  'expiresAt', to_char("previous_secret_expires_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
))
WHERE "previous_secret" IS NOT NULL AND "previous_secret_expires_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP COLUMN "previous_secret";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP COLUMN "previous_secret_expires_at";