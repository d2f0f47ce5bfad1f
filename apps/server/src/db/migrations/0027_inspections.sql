CREATE TABLE "inspection_answers" (
	"account_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"kind" text NOT NULL,
	"value" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"internal_note" text DEFAULT '' NOT NULL,
	"answered_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_answers_account_id_inspection_id_item_key_pk" PRIMARY KEY("account_id","inspection_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "inspection_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_quotes" (
	"account_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"source" text NOT NULL,
	"finding_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_quotes_account_id_inspection_id_request_id_pk" PRIMARY KEY("account_id","inspection_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "inspection_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inspection_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pass_mark_percent" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"starter_key" text,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template_family_id" uuid NOT NULL,
	"template_version" integer NOT NULL,
	"template_name" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"customer_id" uuid,
	"job_id" uuid,
	"site_address" text DEFAULT '' NOT NULL,
	"inspector_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"internal_notes" text DEFAULT '' NOT NULL,
	"score_percent" double precision,
	"passed" boolean,
	"signature_name" text,
	"signature_image" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_answers" ADD CONSTRAINT "inspection_answers_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_answers" ADD CONSTRAINT "inspection_answers_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_answers" ADD CONSTRAINT "inspection_answers_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_quotes" ADD CONSTRAINT "inspection_quotes_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_quotes" ADD CONSTRAINT "inspection_quotes_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_quotes" ADD CONSTRAINT "inspection_quotes_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_share_links" ADD CONSTRAINT "inspection_share_links_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_share_links" ADD CONSTRAINT "inspection_share_links_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_share_links" ADD CONSTRAINT "inspection_share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_templates" ADD CONSTRAINT "inspection_templates_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_templates" ADD CONSTRAINT "inspection_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_template_id_inspection_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."inspection_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_inspector_id_employees_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_photos_item_idx" ON "inspection_photos" USING btree ("account_id","inspection_id","item_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_quotes_client_idx" ON "inspection_quotes" USING btree ("account_id","inspection_id") WHERE "inspection_quotes"."source" = 'client';--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_share_links_token_idx" ON "inspection_share_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_share_links_live_idx" ON "inspection_share_links" USING btree ("account_id","inspection_id") WHERE "inspection_share_links"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_templates_family_version_idx" ON "inspection_templates" USING btree ("account_id","family_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_templates_current_idx" ON "inspection_templates" USING btree ("account_id","family_id") WHERE "inspection_templates"."current";--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_templates_starter_idx" ON "inspection_templates" USING btree ("account_id","starter_key") WHERE "inspection_templates"."current" and "inspection_templates"."starter_key" is not null;--> statement-breakpoint
CREATE INDEX "inspection_templates_account_name_idx" ON "inspection_templates" USING btree ("account_id","current","name");--> statement-breakpoint
CREATE INDEX "inspections_account_started_idx" ON "inspections" USING btree ("account_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspections_account_status_started_idx" ON "inspections" USING btree ("account_id","status","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspections_account_template_idx" ON "inspections" USING btree ("account_id","template_family_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspections_account_customer_idx" ON "inspections" USING btree ("account_id","customer_id");--> statement-breakpoint
CREATE INDEX "inspections_account_inspector_idx" ON "inspections" USING btree ("account_id","inspector_id");--> statement-breakpoint
CREATE INDEX "inspections_account_job_idx" ON "inspections" USING btree ("account_id","job_id");--> statement-breakpoint
CREATE INDEX "inspections_account_score_idx" ON "inspections" USING btree ("account_id","score_percent");--> statement-breakpoint
CREATE INDEX "inspections_account_search_idx" ON "inspections" USING gin ("account_id",lower("template_name" || ' ' || "site_address") gin_trgm_ops);