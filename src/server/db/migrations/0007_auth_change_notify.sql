-- The session check's per-instance cache (docs/decisions/0081-session-check-cache.md) trusts a cached session only
-- while nothing about it changed: every change that can end a session or alter who its user is notifies the user's
-- id on pulse_auth_changes, and every instance drops what it holds for that user.
CREATE FUNCTION auth.notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  -- Sessions and identities name their user in user_id; a users row is the user.
  PERFORM pg_notify('pulse_auth_changes', coalesce(r->>'user_id', r->>'id'));
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_auth_change AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON auth.sessions
  FOR EACH ROW EXECUTE FUNCTION auth.notify_auth_change();
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON auth.users
  FOR EACH ROW EXECUTE FUNCTION auth.notify_auth_change();
CREATE TRIGGER identities_auth_change AFTER INSERT OR UPDATE OR DELETE ON auth.identities
  FOR EACH ROW EXECUTE FUNCTION auth.notify_auth_change();
