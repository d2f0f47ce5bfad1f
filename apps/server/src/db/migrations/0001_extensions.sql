-- Trigram and GIN indexes back the case-insensitive "match anywhere" searches (contacts, requests).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
