CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"billing_group" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"theme" text DEFAULT 'default' NOT NULL,
	"logo_url" text,
	"client_url" text NOT NULL,
	"accepts_online_payments" boolean DEFAULT true NOT NULL,
	"external_cc_link" text DEFAULT '' NOT NULL,
	CONSTRAINT "clients_code_format" CHECK ("clients"."code" ~ '^[A-Z]{2,4}$'),
	CONSTRAINT "clients_billing_group_not_empty" CHECK ("clients"."billing_group" is null or "clients"."billing_group" <> '')
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"client_id" integer,
	"role" text,
	"language" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_clients" (
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"role" text DEFAULT 'ClientBillingUser' NOT NULL,
	"account_number" text NOT NULL,
	"account_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_clients_pk" PRIMARY KEY("user_id","client_id"),
	CONSTRAINT "user_clients_role" CHECK ("user_clients"."role" in ('ClientBillingUser', 'ClientBillingGuest'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_normalised" CHECK ("users"."email" = lower(btrim("users"."email")))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_clients" ADD CONSTRAINT "user_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_clients" ADD CONSTRAINT "user_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_code_billing_group_unique" ON "clients" USING btree (upper("code"),coalesce("billing_group", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "clients_primary_per_code_unique" ON "clients" USING btree (upper("code")) WHERE "clients"."is_primary";--> statement-breakpoint
CREATE INDEX "login_attempts_email_time_idx" ON "login_attempts" USING btree ("email","attempted_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_clients_client_idx" ON "user_clients" USING btree ("client_id");