ALTER TABLE "business_details" ADD COLUMN "time_zone_chosen_at" timestamp with time zone;--> statement-breakpoint
-- A business whose zone is not the default chose it; one still on UTC is asked once (issue 42).
UPDATE "business_details" SET "time_zone_chosen_at" = "updated_at" WHERE "time_zone" <> 'UTC';
