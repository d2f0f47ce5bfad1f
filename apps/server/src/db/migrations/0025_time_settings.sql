CREATE TABLE "time_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"week_starts_on" integer NOT NULL,
	"weekly_overtime_minutes" integer NOT NULL,
	"daily_overtime_minutes" integer,
	"forgotten_punch_hours" integer NOT NULL,
	"location_retention_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "time_settings" ADD CONSTRAINT "time_settings_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;