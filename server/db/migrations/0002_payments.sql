CREATE TABLE "payment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	CONSTRAINT "payment_lines_payment_invoice_unique" UNIQUE("payment_id","invoice_id"),
	CONSTRAINT "payment_lines_amount_positive" CHECK ("payment_lines"."amount_cents" > 0),
	CONSTRAINT "payment_lines_balance_after" CHECK ("payment_lines"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"confirmation_number" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"total_cents" integer NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"payer_name" text NOT NULL,
	"email" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "payments_confirmation_number_unique" UNIQUE("confirmation_number"),
	CONSTRAINT "payments_idempotency_unique" UNIQUE("client_id","account_id","idempotency_key"),
	CONSTRAINT "payments_client_id_unique" UNIQUE("client_id","id"),
	CONSTRAINT "payments_total_positive" CHECK ("payments"."total_cents" > 0),
	CONSTRAINT "payments_card_brand" CHECK ("payments"."card_brand" in ('visa', 'mastercard', 'amex', 'discover', 'unknown')),
	CONSTRAINT "payments_card_last4" CHECK ("payments"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "processor_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "processor_tokens_brand" CHECK ("processor_tokens"."brand" in ('visa', 'mastercard', 'amex', 'discover', 'unknown')),
	CONSTRAINT "processor_tokens_last4" CHECK ("processor_tokens"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "processor_tokens_outcome" CHECK ("processor_tokens"."outcome" in ('approve', 'decline', 'insufficientFunds'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "mail_payable_to" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "mail_address_lines" text[];--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone_hours" text;--> statement-breakpoint
-- Hand-moved: drizzle-kit put this last, but payment_lines_invoice_fk below needs it first.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_unique" UNIQUE("client_id","id");--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_payment_fk" FOREIGN KEY ("client_id","payment_id") REFERENCES "public"."payments"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_invoice_fk" FOREIGN KEY ("client_id","invoice_id") REFERENCES "public"."invoices"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_lines_invoice_idx" ON "payment_lines" USING btree ("client_id","invoice_id");--> statement-breakpoint
CREATE INDEX "processor_tokens_expires_at_idx" ON "processor_tokens" USING btree ("expires_at");