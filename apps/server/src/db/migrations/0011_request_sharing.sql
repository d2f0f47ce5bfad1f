ALTER TABLE "requests" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "accepted_name" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "accepted_ip" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "accepted_user_agent" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "accepted_option" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "declined_reason" text;