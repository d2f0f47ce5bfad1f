CREATE TABLE "sales_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_opportunities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_id" uuid,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"stage" text NOT NULL,
	"stage_entered_at" timestamp with time zone NOT NULL,
	"owner_user_id" uuid,
	"entered_value_cents" integer,
	"quoted_value_cents" integer DEFAULT 0 NOT NULL,
	"expected_close_on" date,
	"follow_up_on" date,
	"follow_up_notified_on" date,
	"lost_reason" text,
	"opened_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_opportunity_requests" (
	"account_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_opportunity_requests_account_id_request_id_pk" PRIMARY KEY("account_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "sales_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"team_visible" boolean DEFAULT false NOT NULL,
	"nudge_days" integer DEFAULT 3 NOT NULL,
	"lost_reasons" text[] NOT NULL,
	"probability_new" integer DEFAULT 10 NOT NULL,
	"probability_contacted" integer DEFAULT 25 NOT NULL,
	"probability_quoted" integer DEFAULT 50 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_stage_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"lost_reason" text,
	"note" text,
	"by_user_id" uuid,
	"cause_seq" bigint,
	"cause_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_notes" ADD CONSTRAINT "sales_notes_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_notes" ADD CONSTRAINT "sales_notes_opportunity_id_sales_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."sales_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_notes" ADD CONSTRAINT "sales_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_opportunities" ADD CONSTRAINT "sales_opportunities_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_opportunities" ADD CONSTRAINT "sales_opportunities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_opportunities" ADD CONSTRAINT "sales_opportunities_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_opportunity_requests" ADD CONSTRAINT "sales_opportunity_requests_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_opportunity_requests" ADD CONSTRAINT "sales_opportunity_requests_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_opportunity_requests" ADD CONSTRAINT "sales_opportunity_requests_opportunity_id_sales_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."sales_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_settings" ADD CONSTRAINT "sales_settings_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stage_moves" ADD CONSTRAINT "sales_stage_moves_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stage_moves" ADD CONSTRAINT "sales_stage_moves_opportunity_id_sales_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."sales_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stage_moves" ADD CONSTRAINT "sales_stage_moves_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_notes_opportunity_idx" ON "sales_notes" USING btree ("account_id","opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_opportunities_account_opened_idx" ON "sales_opportunities" USING btree ("account_id","opened_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_opportunities_account_stage_idx" ON "sales_opportunities" USING btree ("account_id","stage","stage_entered_at");--> statement-breakpoint
CREATE INDEX "sales_opportunities_account_owner_idx" ON "sales_opportunities" USING btree ("account_id","owner_user_id","stage");--> statement-breakpoint
CREATE INDEX "sales_opportunities_account_customer_idx" ON "sales_opportunities" USING btree ("account_id","customer_id","opened_at");--> statement-breakpoint
CREATE INDEX "sales_opportunities_follow_up_idx" ON "sales_opportunities" USING btree ("follow_up_on") WHERE "sales_opportunities"."follow_up_on" is not null and "sales_opportunities"."stage" in ('new', 'contacted', 'quoted');--> statement-breakpoint
CREATE INDEX "sales_opportunity_requests_opportunity_idx" ON "sales_opportunity_requests" USING btree ("account_id","opportunity_id");--> statement-breakpoint
CREATE INDEX "sales_stage_moves_opportunity_idx" ON "sales_stage_moves" USING btree ("account_id","opportunity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_stage_moves_cause_idx" ON "sales_stage_moves" USING btree ("account_id","opportunity_id","cause_seq") WHERE "sales_stage_moves"."cause_seq" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_events_request_expired_once_idx" ON "domain_events" USING btree ("account_id","subject_id") WHERE "domain_events"."type" = 'request.expired';