CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"new_email" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "user_tokens_purpose" CHECK ("user_tokens"."purpose" in ('activateAccount', 'resetPassword', 'confirmEmail')),
	CONSTRAINT "user_tokens_new_email" CHECK (("user_tokens"."purpose" = 'confirmEmail') = ("user_tokens"."new_email" is not null) and ("user_tokens"."new_email" is null or "user_tokens"."new_email" = lower(btrim("user_tokens"."new_email")))),
	CONSTRAINT "user_tokens_expiry_after_creation" CHECK ("user_tokens"."expires_at" > "user_tokens"."created_at")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "password_lifetime_days" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_tokens_expires_at_idx" ON "user_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_tokens_user_purpose_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_password_lifetime_positive" CHECK ("clients"."password_lifetime_days" is null or "clients"."password_lifetime_days" > 0);--> statement-breakpoint
-- Hand-written: users who existed before activation was recorded could already sign in, so they
-- count as activated from the day they were created. Their password_changed_at is the time of
-- this migration (the column default): a password lifetime set later counts from here, rather
-- than expiring every older password at once.
UPDATE "users" SET "activated_at" = "created_at" WHERE "activated_at" IS NULL;
