-- The request limits' counters are written by every API request on PostgreSQL. Unlogged, a
-- commit that only touches them writes no WAL to wait for (no flush per request); what is lost
-- on a crash is a minute's counts, which a limit can afford (issue 17, decision 027).
ALTER TABLE "request_limit_counters" SET UNLOGGED;
