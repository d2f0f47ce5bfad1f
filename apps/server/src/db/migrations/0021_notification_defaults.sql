CREATE TABLE "notification_defaults" (
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "notification_defaults_account_id_kind_channel_pk" PRIMARY KEY("account_id","kind","channel")
);
--> statement-breakpoint
ALTER TABLE "notification_defaults" ADD CONSTRAINT "notification_defaults_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;