-- Contact search (docs/decisions/009-contact-search.md). The searchable text of a contact:
-- first name, last name, company and e-mail, lowercased, joined by a newline so that no match
-- spans two fields. Immutable, so it can be indexed; the queries spell the same calls.
CREATE OR REPLACE FUNCTION crewdesk_customer_search_text(first_name text, last_name text, company text, email text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(first_name, '') || E'\n' || coalesce(last_name, '') || E'\n' || coalesce(company, '') || E'\n' || coalesce(email, ''))
$$;
--> statement-breakpoint
-- Every 2- and 3-character substring of a contact's searchable text, each prefixed with a tag of
-- its account (the first 8 hex digits of the id), for one GIN index: a search looks up the
-- term's pair (2 characters) or trigrams (3+, then a LIKE recheck) within its own account only,
-- so a business with a million contacts reads short lists, and a small one is never slowed by a
-- large one. Pairs and triples are cut at each offset by regexp_replace and split on newlines;
-- one holding a newline (the field separator) or left over at the end falls into shorter pieces
-- that no search asks for. Built-in C functions only (~20 µs a contact).
CREATE OR REPLACE FUNCTION crewdesk_search_grams(account_id uuid, t text)
RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT string_to_array(
    regexp_replace(t, '(..)', left(account_id::text, 8) || E'\\1\n', 'g') || E'\n' ||
    regexp_replace(substr(t, 2), '(..)', left(account_id::text, 8) || E'\\1\n', 'g') || E'\n' ||
    regexp_replace(t, '(...)', left(account_id::text, 8) || E'\\1\n', 'g') || E'\n' ||
    regexp_replace(substr(t, 2), '(...)', left(account_id::text, 8) || E'\\1\n', 'g') || E'\n' ||
    regexp_replace(substr(t, 3), '(...)', left(account_id::text, 8) || E'\\1\n', 'g'),
    E'\n')
$$;
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"company" text,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"latitude" double precision,
	"longitude" double precision,
	"customer_type" text DEFAULT 'commercial' NOT NULL,
	"source" text DEFAULT 'website' NOT NULL,
	"assigned_to" uuid,
	"whatsapp" text,
	"facebook" text,
	"instagram" text,
	"notes" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_business_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."business_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_assigned_to_employees_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_account_created_idx" ON "customers" USING btree ("account_id","created_at","id") WHERE "customers"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_account_name_idx" ON "customers" USING btree ("account_id",lower("last_name"),lower("first_name"),"id") WHERE "customers"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_account_company_idx" ON "customers" USING btree ("account_id",(coalesce("company", '') = ''),lower(coalesce("company", '')),"id") WHERE "customers"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_account_type_idx" ON "customers" USING btree ("account_id","customer_type","created_at","id") WHERE "customers"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_account_source_idx" ON "customers" USING btree ("account_id","source","created_at","id") WHERE "customers"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_account_assigned_idx" ON "customers" USING btree ("account_id","assigned_to","created_at","id") WHERE "customers"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_account_archived_idx" ON "customers" USING btree ("account_id","archived_at") WHERE "customers"."archived_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_search_grams_idx" ON "customers" USING gin (crewdesk_search_grams("account_id", crewdesk_customer_search_text("first_name", "last_name", "company", "email")));