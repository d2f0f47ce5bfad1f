CREATE TABLE "request_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_limit_counters_window_ends_at_idx" ON "request_limit_counters" USING btree ("window_ends_at");