-- Hand-written NOT VALID: the secrets of a database from before this migration are still plain;
-- the portal seals them when it starts, after the migrations (server/security/stored-secrets.ts).
-- Every value written from now on, those included, must be sealed.
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_secret";--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_totp_secret_sealed" CHECK (starts_with("staff_members"."totp_secret", 'sb1.')) NOT VALID;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_pending_totp_secret_sealed" CHECK (starts_with("staff_sessions"."pending_totp_secret", 'sb1.')) NOT VALID;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_secret_sealed" CHECK (starts_with("webhook_endpoints"."secret", 'sb1.')) NOT VALID;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_previous_secrets_sealed" CHECK (not jsonb_path_exists("webhook_endpoints"."previous_secrets", '$[*] ? (!(@.secret starts with "sb1."))')) NOT VALID;
