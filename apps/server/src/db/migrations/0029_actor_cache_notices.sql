-- Every server process keeps the actor of each session it has seen (identity/actor-cache.ts).
-- Whatever that actor is made of notifies 'actor_changed' when it changes, in the changing
-- transaction, so every process forgets the entries concerned when it commits.
CREATE OR REPLACE FUNCTION crewdesk_actor_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('actor_changed', 'user:' || changed.id::text);
  ELSIF TG_TABLE_NAME IN ('sessions', 'account_members') THEN
    PERFORM pg_notify('actor_changed', 'user:' || changed.user_id::text);
    -- A membership moved to another user, or a session handed over: the old user too.
    IF TG_OP = 'UPDATE' THEN
      IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
        PERFORM pg_notify('actor_changed', 'user:' || OLD.user_id::text);
      END IF;
    END IF;
  ELSIF TG_TABLE_NAME = 'business_details' THEN
    PERFORM pg_notify('actor_changed', 'account:' || changed.account_id::text);
  ELSE
    PERFORM pg_notify('actor_changed', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crewdesk_actors_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('actor_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new session is nobody's cached actor yet: only its changes count.
CREATE TRIGGER sessions_actor_changed AFTER UPDATE OR DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION crewdesk_actor_changed();
--> statement-breakpoint
CREATE TRIGGER users_actor_changed AFTER UPDATE OF "email" OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION crewdesk_actor_changed();
--> statement-breakpoint
CREATE TRIGGER account_members_actor_changed AFTER INSERT OR UPDATE OR DELETE ON "account_members"
FOR EACH ROW EXECUTE FUNCTION crewdesk_actor_changed();
--> statement-breakpoint
-- A business's name orders the memberships of a person with no active business.
CREATE TRIGGER business_accounts_actor_changed AFTER UPDATE OF "name" OR DELETE ON "business_accounts"
FOR EACH ROW EXECUTE FUNCTION crewdesk_actor_changed();
--> statement-breakpoint
CREATE TRIGGER business_details_actor_changed AFTER INSERT OR UPDATE OF "time_zone" OR DELETE ON "business_details"
FOR EACH ROW EXECUTE FUNCTION crewdesk_actor_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_actors_emptied AFTER TRUNCATE ON "sessions"
FOR EACH STATEMENT EXECUTE FUNCTION crewdesk_actors_emptied();
--> statement-breakpoint
CREATE TRIGGER users_actors_emptied AFTER TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION crewdesk_actors_emptied();
--> statement-breakpoint
CREATE TRIGGER account_members_actors_emptied AFTER TRUNCATE ON "account_members"
FOR EACH STATEMENT EXECUTE FUNCTION crewdesk_actors_emptied();
--> statement-breakpoint
CREATE TRIGGER business_accounts_actors_emptied AFTER TRUNCATE ON "business_accounts"
FOR EACH STATEMENT EXECUTE FUNCTION crewdesk_actors_emptied();
--> statement-breakpoint
CREATE TRIGGER business_details_actors_emptied AFTER TRUNCATE ON "business_details"
FOR EACH STATEMENT EXECUTE FUNCTION crewdesk_actors_emptied();
