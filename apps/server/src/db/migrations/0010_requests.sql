CREATE TABLE "request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"customer_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"client" text NOT NULL,
	"client_email" text,
	"client_phone" text,
	"amount_cents" integer NOT NULL,
	"date" date NOT NULL,
	"status" text DEFAULT 'unopened' NOT NULL,
	"type" text,
	"proposal_type" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"share_token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"email_sent" boolean DEFAULT false NOT NULL,
	"shared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_events_account_request_idx" ON "request_events" USING btree ("account_id","request_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_account_created_idx" ON "requests" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_account_type_created_idx" ON "requests" USING btree ("account_id","type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "requests_share_token_idx" ON "requests" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "requests_customer_idx" ON "requests" USING btree ("account_id","customer_id");--> statement-breakpoint
CREATE INDEX "requests_account_search_idx" ON "requests" USING gin ("account_id",lower(coalesce("client", '') || ' ' || coalesce("title", '')) gin_trgm_ops);