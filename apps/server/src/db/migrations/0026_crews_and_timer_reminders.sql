ALTER TABLE "employees" ADD COLUMN "crew_leader_id" uuid;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_crew_leader_id_employees_id_fk" FOREIGN KEY ("crew_leader_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employees_account_crew_leader_idx" ON "employees" USING btree ("account_id","crew_leader_id");