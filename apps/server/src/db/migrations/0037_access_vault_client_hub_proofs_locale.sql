CREATE TABLE "client_hub_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"channel" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_hub_contacts" (
	"account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"links_revoked_at" timestamp with time zone NOT NULL,
	"revoked_by" uuid,
	CONSTRAINT "client_hub_contacts_account_id_customer_id_pk" PRIMARY KEY("account_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "client_hub_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_hub_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"link_lifetime_days" integer DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"label" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"key_version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"entry_id" uuid,
	"customer_id" uuid,
	"label" text NOT NULL,
	"job_id" uuid,
	"revealed_by" uuid,
	"revealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"response_days" integer DEFAULT 7 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"token" text NOT NULL,
	"answer" text,
	"problem" text,
	"answered_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_proofs_answer_check" CHECK ("visit_proofs"."answer" is null or "visit_proofs"."answer" in ('confirmed', 'problem'))
);
--> statement-breakpoint
ALTER TABLE "business_details" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_photos" ADD COLUMN "shareable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_hub_codes" ADD CONSTRAINT "client_hub_codes_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_codes" ADD CONSTRAINT "client_hub_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_contacts" ADD CONSTRAINT "client_hub_contacts_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_contacts" ADD CONSTRAINT "client_hub_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_contacts" ADD CONSTRAINT "client_hub_contacts_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_sessions" ADD CONSTRAINT "client_hub_sessions_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_sessions" ADD CONSTRAINT "client_hub_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_settings" ADD CONSTRAINT "client_hub_settings_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_entries" ADD CONSTRAINT "access_entries_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_entries" ADD CONSTRAINT "access_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_entries" ADD CONSTRAINT "access_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_reveals" ADD CONSTRAINT "access_reveals_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_reveals" ADD CONSTRAINT "access_reveals_entry_id_access_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."access_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_reveals" ADD CONSTRAINT "access_reveals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_reveals" ADD CONSTRAINT "access_reveals_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_reveals" ADD CONSTRAINT "access_reveals_revealed_by_users_id_fk" FOREIGN KEY ("revealed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_settings" ADD CONSTRAINT "proof_settings_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_proofs" ADD CONSTRAINT "visit_proofs_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_proofs" ADD CONSTRAINT "visit_proofs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_hub_codes_contact_idx" ON "client_hub_codes" USING btree ("account_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_hub_sessions_token_idx" ON "client_hub_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "client_hub_sessions_contact_idx" ON "client_hub_sessions" USING btree ("account_id","customer_id");--> statement-breakpoint
CREATE INDEX "client_hub_sessions_expiry_idx" ON "client_hub_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "access_entries_account_customer_idx" ON "access_entries" USING btree ("account_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "access_reveals_account_customer_idx" ON "access_reveals" USING btree ("account_id","customer_id","revealed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_proofs_token_idx" ON "visit_proofs" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_proofs_job_idx" ON "visit_proofs" USING btree ("account_id","job_id");