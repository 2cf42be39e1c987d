CREATE TABLE "client_logos" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"digest" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_as" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_logos_content_type" CHECK ("client_logos"."content_type" = 'image/png'),
	CONSTRAINT "client_logos_uploaded_as" CHECK ("client_logos"."uploaded_as" in ('image/png', 'image/svg+xml'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "brand_colour" text DEFAULT '#1f4e79' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "brand_strong_colour" text DEFAULT '#163a5a' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "brand_contrast_colour" text DEFAULT '#ffffff' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "brand_tint_colour" text DEFAULT '#e8f0f8' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_logos" ADD CONSTRAINT "client_logos_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: each client takes the palette its theme named in the stylesheet (the column
-- defaults are the default palette), and a theme name that is not a plain class name becomes
-- 'default'. The palettes are contracts/branding.ts namedPalettes.
UPDATE "clients" SET "brand_colour" = p."brand", "brand_strong_colour" = p."brand_strong", "brand_contrast_colour" = p."brand_contrast", "brand_tint_colour" = p."brand_tint"
FROM (VALUES
  ('sunrise', '#9a3412', '#7c2d12', '#ffffff', '#fff3e8'),
  ('delta', '#065f46', '#064e3b', '#ffffff', '#e8f7f1'),
  ('northpoint', '#3730a3', '#312e81', '#ffffff', '#eef0fd'),
  ('harbor', '#075985', '#0c4a6e', '#ffffff', '#e8f4fb')
) AS p("theme", "brand", "brand_strong", "brand_contrast", "brand_tint")
WHERE "clients"."theme" = p."theme";--> statement-breakpoint
UPDATE "clients" SET "theme" = 'default' WHERE "theme" !~ '^[a-z][a-z0-9-]{0,39}$';--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_theme_format" CHECK ("clients"."theme" ~ '^[a-z][a-z0-9-]{0,39}$');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_brand_colours_format" CHECK ("clients"."brand_colour" ~ '^#[0-9a-f]{6}$' and "clients"."brand_strong_colour" ~ '^#[0-9a-f]{6}$' and "clients"."brand_contrast_colour" ~ '^#[0-9a-f]{6}$' and "clients"."brand_tint_colour" ~ '^#[0-9a-f]{6}$');