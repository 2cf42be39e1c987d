-- Hand-written: the ledger refuses TRUNCATE as it refuses UPDATE and DELETE (the audit trail
-- already does). Only a table's owner can disable or drop these triggers: the portal's server runs
-- as a role that owns nothing (docs/operating.md, Database roles), so it cannot.
CREATE FUNCTION "money_events_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'money_events is append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "money_events_no_truncate" BEFORE TRUNCATE ON "money_events" FOR EACH STATEMENT EXECUTE FUNCTION "money_events_no_truncate"();
