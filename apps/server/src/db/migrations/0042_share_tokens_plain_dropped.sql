DROP INDEX "requests_share_token_idx";--> statement-breakpoint
DROP INDEX "invoices_share_token_idx";--> statement-breakpoint
DROP INDEX "inspection_share_links_token_idx";--> statement-breakpoint
DROP INDEX "visit_proofs_token_idx";--> statement-breakpoint
ALTER TABLE "requests" DROP COLUMN "share_token";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "share_token";--> statement-breakpoint
ALTER TABLE "inspection_share_links" DROP COLUMN "token";--> statement-breakpoint
ALTER TABLE "visit_proofs" DROP COLUMN "token";