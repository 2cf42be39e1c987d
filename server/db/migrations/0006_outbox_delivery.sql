ALTER TABLE "outbox_emails" ADD COLUMN "html_body" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "outbox_emails_due_idx" ON "outbox_emails" USING btree ("next_attempt_at","id") WHERE "outbox_emails"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_attempts_not_negative" CHECK ("outbox_emails"."attempts" >= 0);--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_last_error_short" CHECK (char_length("outbox_emails"."last_error") <= 300);