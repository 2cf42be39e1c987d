CREATE TABLE "saved_billing_addresses" (
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_billing_addresses_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "saved_billing_addresses" ADD CONSTRAINT "saved_billing_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_billing_addresses" ADD CONSTRAINT "saved_billing_addresses_membership_fk" FOREIGN KEY ("user_id","client_id") REFERENCES "public"."user_clients"("user_id","client_id") ON DELETE cascade ON UPDATE no action;