-- The schedule's unplanned list (issue 17, item 6): "no assignee" is kept on the job, so the
-- list reads one partial index of the business instead of every job_assignees row of it.
ALTER TABLE "jobs" ADD COLUMN "assignee_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "assignee_count" = c.n
FROM (SELECT "job_id", count(*)::int AS n FROM "job_assignees" GROUP BY "job_id") c
WHERE c."job_id" = "jobs"."id";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_assignee_count_not_negative" CHECK ("jobs"."assignee_count" >= 0);--> statement-breakpoint
-- Every writer of job_assignees (create, edit, drag, series generation, and the cascades of a
-- deleted employee or job) moves the count in its own transaction, row by row.
CREATE OR REPLACE FUNCTION crewdesk_job_assignee_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE jobs SET assignee_count = assignee_count - 1
    WHERE account_id = OLD.account_id AND id = OLD.job_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE jobs SET assignee_count = assignee_count + 1
    WHERE account_id = NEW.account_id AND id = NEW.job_id;
    RETURN NEW;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER job_assignees_count AFTER INSERT OR DELETE OR UPDATE OF "job_id", "account_id" ON "job_assignees"
FOR EACH ROW EXECUTE FUNCTION crewdesk_job_assignee_count();--> statement-breakpoint
CREATE INDEX "jobs_account_unplanned_idx" ON "jobs" USING btree ("account_id","created_at" DESC NULLS FIRST,"id") WHERE "jobs"."status" = 'scheduled' and ("jobs"."starts_at" is null or "jobs"."assignee_count" = 0);
