-- Security review finding 13 (issue 20): a discovered Stream is seen by the users whose connected accounts reported
-- it, not by every colleague; an item reported without a user is seen by every company user (ARCHITECTURE §5
-- Workflow automation). PulseMaps stay the company's.

-- True for an item reported without a user. The default is what an insert naming no reporter means under the
-- contract, and what every alias stored before this migration was: their events' external_user_id was never kept,
-- so who reported them is unknown and they stay visible as they were.
ALTER TABLE pulse.project_aliases ADD COLUMN company_wide boolean NOT NULL DEFAULT true;

-- One row per user whose account reported the alias. raw_name is copied from the alias (it never changes: a
-- repeated item keeps its first name) so that a user's candidates are read in name order from one index and a
-- screen stops after its last name, like the company-wide ones.
CREATE TABLE pulse.project_alias_viewers (
  alias_id uuid NOT NULL REFERENCES pulse.project_aliases (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  raw_name text NOT NULL,
  PRIMARY KEY (alias_id, user_id)
);
CREATE INDEX project_alias_viewers_user_name_idx ON pulse.project_alias_viewers (user_id, raw_name, alias_id);

-- The company-wide half of a user's candidates, in name order.
CREATE INDEX project_aliases_unlinked_company_name_idx ON pulse.project_aliases (raw_name)
  WHERE project_id IS NULL AND company_wide;

-- SPEC §7's view keeps listing what every company user may see; a user's own candidates are read by the Streams
-- API (src/server/streams/store.ts), never from here.
CREATE OR REPLACE VIEW pulse.v_project_candidates_grouped AS
SELECT
  a.raw_name,
  count(*)::int AS alias_count,
  array_agg(DISTINCT a.source_app ORDER BY a.source_app) AS source_apps,
  (array_agg(a.id ORDER BY a.discovered_at, a.id))[1] AS alias_id
FROM pulse.project_aliases a
WHERE a.project_id IS NULL AND a.company_wide
GROUP BY a.raw_name;
