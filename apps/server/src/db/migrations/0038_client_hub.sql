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
ALTER TABLE "client_hub_codes" ADD CONSTRAINT "client_hub_codes_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_codes" ADD CONSTRAINT "client_hub_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_contacts" ADD CONSTRAINT "client_hub_contacts_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_contacts" ADD CONSTRAINT "client_hub_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_contacts" ADD CONSTRAINT "client_hub_contacts_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_sessions" ADD CONSTRAINT "client_hub_sessions_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_sessions" ADD CONSTRAINT "client_hub_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_hub_settings" ADD CONSTRAINT "client_hub_settings_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_hub_codes_contact_idx" ON "client_hub_codes" USING btree ("account_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_hub_sessions_token_idx" ON "client_hub_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "client_hub_sessions_contact_idx" ON "client_hub_sessions" USING btree ("account_id","customer_id");--> statement-breakpoint
CREATE INDEX "client_hub_sessions_expiry_idx" ON "client_hub_sessions" USING btree ("expires_at");