-- Issue 38: discovered items resolved into Streams across tools (decision 0101). Every item belongs to exactly one
-- Stream; a Stream whose project_id is set is that PulseMap's, and later items resolved into it join the PulseMap.

CREATE TABLE pulse.streams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Null: a candidate among New Items. Set: the PulseMap this Stream became.
  project_id uuid REFERENCES pulse.projects (id) ON DELETE SET NULL,
  -- The plain name of the member with the highest name_rank (ties: the earliest): the candidates' page order.
  name text NOT NULL DEFAULT ''
);
-- The candidates' keyset page: Streams not yet a PulseMap, in (name, id) order.
CREATE INDEX streams_candidates_idx ON pulse.streams (name, id) WHERE project_id IS NULL;
CREATE INDEX streams_project_idx ON pulse.streams (project_id) WHERE project_id IS NOT NULL;

ALTER TABLE pulse.project_aliases
  ADD COLUMN stream_id uuid REFERENCES pulse.streams (id),
  -- The contract's optional fields (lower-cased e-mail addresses; the tracker project, channel topic, first line).
  ADD COLUMN participants text[] NOT NULL DEFAULT '{}',
  ADD COLUMN context text,
  -- Why the resolver put the item in its Stream, as the items list shows it.
  ADD COLUMN reason text NOT NULL DEFAULT '',
  -- The resolver's signatureOf, kept so a batch never recomputes its candidates' members; null for an item stored
  -- before this migration until `npm run streams:resolve` computes it.
  ADD COLUMN signature jsonb,
  ADD COLUMN plain_name text NOT NULL DEFAULT '',
  ADD COLUMN name_rank double precision NOT NULL DEFAULT 0;

-- What a Stream is found by: the rare tokens (…) of its members' names, from the resolver's blocking keys. A key may
-- outlive the member that brought it (an item taken out): it only proposes a Stream the resolver then turns down.
CREATE TABLE pulse.stream_keys (
  key text NOT NULL,
  stream_id uuid NOT NULL REFERENCES pulse.streams (id) ON DELETE CASCADE,
  PRIMARY KEY (key, stream_id)
);
CREATE INDEX stream_keys_stream_idx ON pulse.stream_keys (stream_id);

-- "Not this project": who took which item out of which Stream, and who undid it. The company's, audited.
CREATE TABLE pulse.stream_corrections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  item_id uuid NOT NULL REFERENCES pulse.project_aliases (id) ON DELETE CASCADE,
  from_stream_id uuid REFERENCES pulse.streams (id) ON DELETE SET NULL,
  -- The reason the item had there, given back on undo.
  from_reason text NOT NULL DEFAULT '',
  created_by uuid REFERENCES auth.users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  undone_at timestamptz,
  undone_by uuid REFERENCES auth.users (id) ON DELETE SET NULL
);
CREATE INDEX stream_corrections_item_idx ON pulse.stream_corrections (item_id);

-- The pairs a correction took apart (the item against every other member of its Stream at that time): the resolver
-- never puts them together again. Removed with the correction's undo.
CREATE TABLE pulse.stream_cannot_link (
  correction_id uuid NOT NULL REFERENCES pulse.stream_corrections (id) ON DELETE CASCADE,
  item_id uuid NOT NULL REFERENCES pulse.project_aliases (id) ON DELETE CASCADE,
  other_id uuid NOT NULL REFERENCES pulse.project_aliases (id) ON DELETE CASCADE,
  PRIMARY KEY (correction_id, other_id)
);
CREATE INDEX stream_cannot_link_item_idx ON pulse.stream_cannot_link (item_id);
CREATE INDEX stream_cannot_link_other_idx ON pulse.stream_cannot_link (other_id);

-- Existing items: one Stream per raw name, as they were grouped before (linked items with their PulseMap, the rest
-- as a candidate), each empty name a Stream of its own. `npm run streams:resolve` then resolves them for real.
ALTER TABLE pulse.project_aliases ADD COLUMN legacy_group text;
UPDATE pulse.project_aliases
SET legacy_group = CASE WHEN btrim(raw_name) = '' THEN 'alone:' || id::text ELSE 'name:' || raw_name END
  || '/' || coalesce(project_id::text, '');
-- Each Stream takes its first item's id (no two groups share an item), so the two statements agree without a table.
INSERT INTO pulse.streams (id, project_id, name)
SELECT (array_agg(id ORDER BY discovered_at, id))[1], (array_agg(project_id))[1], (array_agg(raw_name))[1]
FROM pulse.project_aliases
GROUP BY legacy_group;
UPDATE pulse.project_aliases a
SET stream_id = g.stream_id, plain_name = a.raw_name, reason = 'same name'
FROM (
  SELECT legacy_group, (array_agg(id ORDER BY discovered_at, id))[1] AS stream_id
  FROM pulse.project_aliases
  GROUP BY legacy_group
) g
WHERE g.legacy_group = a.legacy_group;
ALTER TABLE pulse.project_aliases DROP COLUMN legacy_group;

-- A row stored without a Stream (by an instance still running the code before this migration during a rolling
-- deploy, or by hand) joins the Stream of the earliest item of the same raw name, as names grouped before; an empty
-- name, or a name seen for the first time, starts a Stream of its own. The resolver always names the Stream itself.
CREATE FUNCTION pulse.project_aliases_default_stream() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  found_stream uuid;
  found_project uuid;
BEGIN
  IF btrim(NEW.raw_name) <> '' THEN
    SELECT a.stream_id, s.project_id INTO found_stream, found_project
    FROM pulse.project_aliases a JOIN pulse.streams s ON s.id = a.stream_id
    WHERE a.raw_name = NEW.raw_name
    ORDER BY a.discovered_at, a.id
    LIMIT 1;
  END IF;
  IF found_stream IS NULL THEN
    INSERT INTO pulse.streams (name) VALUES (NEW.raw_name) RETURNING id INTO found_stream;
  ELSIF found_project IS NOT NULL AND NEW.project_id IS NULL THEN
    NEW.project_id := found_project;
  END IF;
  NEW.stream_id := found_stream;
  IF NEW.plain_name = '' THEN
    NEW.plain_name := NEW.raw_name;
  END IF;
  IF NEW.reason = '' THEN
    NEW.reason := 'same name';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER project_aliases_default_stream
  BEFORE INSERT ON pulse.project_aliases
  FOR EACH ROW WHEN (NEW.stream_id IS NULL)
  EXECUTE FUNCTION pulse.project_aliases_default_stream();

ALTER TABLE pulse.project_aliases ALTER COLUMN stream_id SET NOT NULL;
-- A Stream's members: the first ones (its first item, the members a batch compares with) and its clearest name.
CREATE INDEX project_aliases_stream_idx ON pulse.project_aliases (stream_id, discovered_at, id);
CREATE INDEX project_aliases_stream_name_idx ON pulse.project_aliases (stream_id, name_rank DESC, discovered_at, id);
-- The default Stream's lookup by exact name (the trigger above).
CREATE INDEX project_aliases_raw_name_idx ON pulse.project_aliases (raw_name, discovered_at, id);
-- Candidates are no longer read in raw-name order.
DROP INDEX pulse.project_aliases_unlinked_name_idx;
DROP INDEX pulse.project_aliases_unlinked_company_name_idx;

-- SPEC §7's view, regrouped by Stream: still what every company user may see, named by the Stream's clearest
-- company-wide item.
CREATE OR REPLACE VIEW pulse.v_project_candidates_grouped AS
SELECT
  (array_agg(a.plain_name ORDER BY a.name_rank DESC, a.discovered_at, a.id))[1] AS raw_name,
  count(*)::int AS alias_count,
  array_agg(DISTINCT a.source_app ORDER BY a.source_app) AS source_apps,
  (array_agg(a.id ORDER BY a.discovered_at, a.id))[1] AS alias_id
FROM pulse.project_aliases a
JOIN pulse.streams s ON s.id = a.stream_id
WHERE a.project_id IS NULL AND s.project_id IS NULL AND a.company_wide
GROUP BY a.stream_id;
