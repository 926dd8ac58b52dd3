-- Realtime (issue #12): the Asana project list in pulse.user_identities updates live, so its rows notify too,
-- through the same key-only trigger function as connectors and project_sync_preferences (0001).
CREATE TRIGGER user_identities_notify AFTER INSERT OR UPDATE OR DELETE ON pulse.user_identities
  FOR EACH ROW EXECUTE FUNCTION pulse.notify_row_change();
