ALTER TABLE "requests" ADD COLUMN "share_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "legacy_share_token_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "share_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "legacy_share_token_hash" text;--> statement-breakpoint
ALTER TABLE "inspection_share_links" ADD COLUMN "legacy_token_hash" text;--> statement-breakpoint
ALTER TABLE "visit_proofs" ADD COLUMN "share_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_proofs" ADD COLUMN "legacy_token_hash" text;--> statement-breakpoint
-- Links already sent keep opening their pages (issue 43, decision 055): the stored tokens are
-- kept only as their SHA-256, which is what the server compares a presented old token against.
UPDATE "requests" SET "legacy_share_token_hash" = encode(sha256(convert_to("share_token"::text, 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "invoices" SET "legacy_share_token_hash" = encode(sha256(convert_to("share_token", 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "inspection_share_links" SET "legacy_token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "visit_proofs" SET "legacy_token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
CREATE UNIQUE INDEX "requests_legacy_share_token_idx" ON "requests" USING btree ("legacy_share_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_legacy_share_token_idx" ON "invoices" USING btree ("legacy_share_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_share_links_legacy_token_idx" ON "inspection_share_links" USING btree ("legacy_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_proofs_legacy_token_idx" ON "visit_proofs" USING btree ("legacy_token_hash");