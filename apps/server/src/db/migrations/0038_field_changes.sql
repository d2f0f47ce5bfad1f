CREATE TABLE "field_changes" (
	"account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"item_id" uuid,
	"made_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"moved_to" timestamp with time zone,
	"moved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_changes_account_id_client_id_pk" PRIMARY KEY("account_id","client_id"),
	CONSTRAINT "field_changes_kind_check" CHECK ("field_changes"."kind" in ('checklist', 'note', 'status', 'photo')),
	CONSTRAINT "field_changes_outcome_check" CHECK ("field_changes"."outcome" in ('applied', 'superseded', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "field_changes" ADD CONSTRAINT "field_changes_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_changes" ADD CONSTRAINT "field_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_changes_item_idx" ON "field_changes" USING btree ("account_id","item_id","made_at");--> statement-breakpoint
CREATE INDEX "field_changes_created_idx" ON "field_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "client_hub_codes_expiry_idx" ON "client_hub_codes" USING btree ("expires_at");