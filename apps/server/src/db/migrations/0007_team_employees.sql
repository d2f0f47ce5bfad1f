CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"employment_status" text DEFAULT 'active' NOT NULL,
	"user_id" uuid,
	"pay_rate_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_members" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employees_account_first_name_idx" ON "employees" USING btree ("account_id","first_name");--> statement-breakpoint
CREATE INDEX "employees_account_user_idx" ON "employees" USING btree ("account_id","user_id");--> statement-breakpoint
-- Everyone who already belongs to a business is one of its employees, linked to their login.
INSERT INTO "employees" ("account_id", "first_name", "last_name", "email", "user_id", "created_at")
SELECT m."account_id",
       COALESCE(NULLIF(btrim(u."first_name"), ''), NULLIF(btrim(u."name"), ''), split_part(u."email", '@', 1)),
       COALESCE(btrim(u."last_name"), ''),
       u."email",
       u."id",
       m."created_at"
FROM "account_members" m
JOIN "users" u ON u."id" = m."user_id";
