ALTER TABLE "processor_tokens" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "processor_tokens" ADD COLUMN "voided_at" timestamp with time zone;