ALTER TABLE "user_tokens" DROP CONSTRAINT "user_tokens_purpose";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "guarantor_postal_code" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_client" CHECK (("user_tokens"."purpose" = 'removeAccess') = ("user_tokens"."client_id" is not null));--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_purpose" CHECK ("user_tokens"."purpose" in ('activateAccount', 'resetPassword', 'confirmEmail', 'removeAccess'));