ALTER TABLE "access_tokens" ADD COLUMN "scopes" text[] DEFAULT '{"assistant"}' NOT NULL;--> statement-breakpoint
-- Tokens made before scopes read the whole API: they keep it (minus the reads that never answer a
-- token now), so no integration breaks; new ones get the assistant's tools only (issue 43).
UPDATE "access_tokens" SET "scopes" = '{"assistant","read"}';
