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
ALTER TABLE "job_photos" ADD COLUMN "shareable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proof_settings" ADD CONSTRAINT "proof_settings_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_proofs" ADD CONSTRAINT "visit_proofs_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_proofs" ADD CONSTRAINT "visit_proofs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_proofs_token_idx" ON "visit_proofs" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_proofs_job_idx" ON "visit_proofs" USING btree ("account_id","job_id");