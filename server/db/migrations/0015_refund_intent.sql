ALTER TABLE "refunds" ALTER COLUMN "processor_refund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "status" text DEFAULT 'settled' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "actor_kind" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "actor_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("refunded_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('pending', 'settled'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_settled_has_processor_id" CHECK ("refunds"."status" = 'pending' or "refunds"."processor_refund_id" is not null);