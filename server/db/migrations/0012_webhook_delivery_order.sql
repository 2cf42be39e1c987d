ALTER TABLE "webhook_deliveries" ADD COLUMN "order_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written: deliveries written before this migration take their event's order key.
UPDATE "webhook_deliveries" d SET "order_key" = e."order_key" FROM "webhook_events" e WHERE e."client_id" = d."client_id" AND e."id" = d."event_id";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "order_key" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_key_idx" ON "webhook_deliveries" USING btree ("endpoint_id","order_key","id") WHERE "webhook_deliveries"."status" = 'pending';
