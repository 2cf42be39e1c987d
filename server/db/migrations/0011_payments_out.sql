CREATE TABLE "money_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"client_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"payment_id" integer NOT NULL,
	"refund_id" integer,
	"reference" text NOT NULL,
	"payment_reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"authorization_code" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "money_events_event_id_unique" UNIQUE("event_id"),
	CONSTRAINT "money_events_type" CHECK ("money_events"."type" in ('payment.captured', 'payment.refunded', 'payment.voided')),
	CONSTRAINT "money_events_actor_kind" CHECK ("money_events"."actor_kind" in ('patient', 'guest', 'staff', 'apiKey')),
	CONSTRAINT "money_events_amount_positive" CHECK ("money_events"."amount_cents" > 0),
	CONSTRAINT "money_events_refund_has_refund" CHECK (("money_events"."type" = 'payment.refunded') = ("money_events"."refund_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "processor_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"authorization_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "processor_refunds_idempotency_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "processor_refunds_amount_positive" CHECK ("processor_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"refund_number" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"processor_refund_id" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refunds_refund_number_unique" UNIQUE("refund_number"),
	CONSTRAINT "refunds_idempotency_unique" UNIQUE("client_id","idempotency_key"),
	CONSTRAINT "refunds_client_id_unique" UNIQUE("client_id","id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"endpoint_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_response_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"job_id" text,
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed')),
	CONSTRAINT "webhook_deliveries_last_error_short" CHECK (char_length("webhook_deliveries"."last_error") <= 300)
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "webhook_endpoints_client_id_unique" UNIQUE("client_id","id"),
	CONSTRAINT "webhook_endpoints_url" CHECK ("webhook_endpoints"."url" ~ '^https?://[^\s]+$'),
	CONSTRAINT "webhook_endpoints_secret" CHECK ("webhook_endpoints"."secret" ~ '^whsec_')
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"client_id" integer NOT NULL,
	"type" text NOT NULL,
	"order_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_events_event_id_unique" UNIQUE("event_id"),
	CONSTRAINT "webhook_events_client_id_unique" UNIQUE("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "time_zone" text DEFAULT 'America/Chicago' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "posting_cutoff" text DEFAULT '21:30' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "authorization_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "authorization_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_kind" text DEFAULT 'patient' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "language" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_payment_fk" FOREIGN KEY ("client_id","payment_id") REFERENCES "public"."payments"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_refund_fk" FOREIGN KEY ("client_id","refund_id") REFERENCES "public"."refunds"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_account_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_fk" FOREIGN KEY ("client_id","payment_id") REFERENCES "public"."payments"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."webhook_events"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY ("client_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_events_client_time_idx" ON "money_events" USING btree ("client_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "money_events_payment_idx" ON "money_events" USING btree ("client_id","payment_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("client_id","payment_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_unqueued_idx" ON "webhook_deliveries" USING btree ("id") WHERE "webhook_deliveries"."job_id" is null and "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("client_id","endpoint_id","status","id");--> statement-breakpoint
CREATE INDEX "webhook_events_client_idx" ON "webhook_events" USING btree ("client_id","id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_posting_cutoff_format" CHECK ("clients"."posting_cutoff" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_refunded_within_amount" CHECK ("payment_lines"."refunded_cents" >= 0 and "payment_lines"."refunded_cents" <= "payment_lines"."amount_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_within_total" CHECK ("payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."total_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_kind" CHECK ("payments"."payer_kind" in ('patient', 'guest'));--> statement-breakpoint
-- Hand-written: the ledger is append-only. A money event is never changed or removed once written
-- (a mistake is put right by a new event); TRUNCATE, for the tests' resets, is not a row change.
CREATE FUNCTION "money_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'money_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "money_events_append_only" BEFORE UPDATE OR DELETE ON "money_events" FOR EACH ROW EXECUTE FUNCTION "money_events_append_only"();
