CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_client_number_unique" UNIQUE("client_id","account_number"),
	CONSTRAINT "accounts_client_id_unique" UNIQUE("client_id","id"),
	CONSTRAINT "accounts_number_normalised" CHECK ("accounts"."account_number" = upper(btrim("accounts"."account_number")) and "accounts"."account_number" <> '')
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"description" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_client_number_unique" UNIQUE("client_id","invoice_number"),
	CONSTRAINT "invoices_number_normalised" CHECK ("invoices"."invoice_number" = upper(btrim("invoices"."invoice_number")) and "invoices"."invoice_number" <> ''),
	CONSTRAINT "invoices_amount_positive" CHECK ("invoices"."amount_cents" > 0),
	CONSTRAINT "invoices_balance_range" CHECK ("invoices"."balance_cents" >= 0 and "invoices"."balance_cents" <= "invoices"."amount_cents"),
	CONSTRAINT "invoices_due_after_issue" CHECK ("invoices"."due_date" >= "invoices"."invoice_date")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("client_id","account_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: memberships that exist already get their account rows before the foreign key
-- below needs them (a database seeded before accounts existed).
UPDATE "user_clients" SET "account_number" = upper(btrim("account_number")) WHERE "account_number" <> upper(btrim("account_number"));--> statement-breakpoint
INSERT INTO "accounts" ("client_id", "account_number", "holder_name")
SELECT DISTINCT ON (uc."client_id", uc."account_number") uc."client_id", uc."account_number", btrim(u."first_name" || ' ' || u."last_name")
FROM "user_clients" uc JOIN "users" u ON u."id" = uc."user_id"
ORDER BY uc."client_id", uc."account_number", uc."created_at"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "user_clients" ADD CONSTRAINT "user_clients_account_fk" FOREIGN KEY ("client_id","account_number") REFERENCES "public"."accounts"("client_id","account_number") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_needs_client" CHECK ("sessions"."account_id" is null or "sessions"."client_id" is not null);