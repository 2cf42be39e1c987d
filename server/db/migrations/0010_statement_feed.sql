CREATE TABLE "api_key_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"api_key_id" integer NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"ip_address" text DEFAULT '' NOT NULL,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_prefix_unique" UNIQUE("prefix"),
	CONSTRAINT "api_keys_client_id_unique" UNIQUE("client_id","id"),
	CONSTRAINT "api_keys_scopes" CHECK (cardinality("api_keys"."scopes") > 0 and "api_keys"."scopes" <@ array['bills:write', 'payments:read', 'refunds:write'])
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"service_date" date NOT NULL,
	"procedure_code" text NOT NULL,
	"description" text NOT NULL,
	"units" integer NOT NULL,
	"charge_cents" integer NOT NULL,
	"insurance_paid_cents" integer NOT NULL,
	"adjustments_cents" integer NOT NULL,
	"patient_paid_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"claim_status" text DEFAULT '' NOT NULL,
	CONSTRAINT "invoice_lines_invoice_line_unique" UNIQUE("client_id","invoice_id","line_number"),
	CONSTRAINT "invoice_lines_line_number_positive" CHECK ("invoice_lines"."line_number" > 0),
	CONSTRAINT "invoice_lines_units_positive" CHECK ("invoice_lines"."units" > 0),
	CONSTRAINT "invoice_lines_amounts_not_negative" CHECK ("invoice_lines"."charge_cents" >= 0 and "invoice_lines"."insurance_paid_cents" >= 0 and "invoice_lines"."adjustments_cents" >= 0 and "invoice_lines"."patient_paid_cents" >= 0 and "invoice_lines"."balance_cents" >= 0),
	CONSTRAINT "invoice_lines_add_up" CHECK ("invoice_lines"."charge_cents" - "invoice_lines"."insurance_paid_cents" - "invoice_lines"."adjustments_cents" - "invoice_lines"."patient_paid_cents" = "invoice_lines"."balance_cents")
);
--> statement-breakpoint
CREATE TABLE "statement_import_problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"line" integer,
	"location" text DEFAULT '' NOT NULL,
	"column" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_import_rows" (
	"import_id" integer NOT NULL,
	"line" integer,
	"location" text DEFAULT '' NOT NULL,
	"refused" boolean DEFAULT false NOT NULL,
	"account_number" text,
	"guarantor_name" text,
	"guarantor_email" text,
	"guarantor_phone" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"region" text,
	"postal_code" text,
	"patient_name" text,
	"patient_birth_date" date,
	"invoice_number" text,
	"invoice_date" date,
	"due_date" date,
	"line_number" integer,
	"service_date" date,
	"procedure_code" text,
	"description" text,
	"units" integer,
	"charge_cents" integer,
	"insurance_paid_cents" integer,
	"adjustments_cents" integer,
	"patient_paid_cents" integer,
	"balance_cents" integer,
	"payer_name" text,
	"claim_status" text,
	"good_faith_estimate_cents" integer,
	"statement_message" text
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"source" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"checksum" text NOT NULL,
	"scope" text NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"produced_at" timestamp with time zone,
	"status" text NOT NULL,
	"message" text,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_refused" integer DEFAULT 0 NOT NULL,
	"accounts_created" integer DEFAULT 0 NOT NULL,
	"accounts_updated" integer DEFAULT 0 NOT NULL,
	"accounts_unchanged" integer DEFAULT 0 NOT NULL,
	"invoices_created" integer DEFAULT 0 NOT NULL,
	"invoices_updated" integer DEFAULT 0 NOT NULL,
	"invoices_unchanged" integer DEFAULT 0 NOT NULL,
	"invoices_closed" integer DEFAULT 0 NOT NULL,
	"api_key_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "statement_imports_client_id_unique" UNIQUE("client_id","id"),
	CONSTRAINT "statement_imports_source" CHECK ("statement_imports"."source" in ('csv', 'json')),
	CONSTRAINT "statement_imports_scope" CHECK ("statement_imports"."scope" in ('full', 'partial')),
	CONSTRAINT "statement_imports_status" CHECK ("statement_imports"."status" in ('running', 'imported', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_amount_positive";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "address_line1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "address_line2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "patient_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "patient_birth_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "good_faith_estimate_cents" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "statement_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "statement_produced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "statement_balance_cents" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_key_calls" ADD CONSTRAINT "api_key_calls_key_fk" FOREIGN KEY ("client_id","api_key_id") REFERENCES "public"."api_keys"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("client_id","invoice_id") REFERENCES "public"."invoices"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_import_problems" ADD CONSTRAINT "statement_import_problems_import_fk" FOREIGN KEY ("client_id","import_id") REFERENCES "public"."statement_imports"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_import_rows" ADD CONSTRAINT "statement_import_rows_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_calls_key_time_idx" ON "api_key_calls" USING btree ("api_key_id","called_at");--> statement-breakpoint
CREATE INDEX "statement_import_problems_import_idx" ON "statement_import_problems" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "statement_import_rows_import_idx" ON "statement_import_rows" USING btree ("import_id","account_number","invoice_number");--> statement-breakpoint
CREATE INDEX "statement_imports_client_idx" ON "statement_imports" USING btree ("client_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_imports_checksum_unique" ON "statement_imports" USING btree ("client_id","checksum") WHERE "statement_imports"."status" = 'imported' and not "statement_imports"."dry_run";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amount_not_negative" CHECK ("invoices"."amount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_estimate_not_negative" CHECK ("invoices"."good_faith_estimate_cents" is null or "invoices"."good_faith_estimate_cents" >= 0);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_statement_balance" CHECK (("invoices"."statement_produced_at" is null) = ("invoices"."statement_balance_cents" is null));