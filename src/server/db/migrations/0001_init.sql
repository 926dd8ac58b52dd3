-- Pulse's first schema: every stored entity of SPEC §3 and §7 (ARCHITECTURE §3, issue #2).
CREATE SCHEMA IF NOT EXISTS auth;
CREATE SCHEMA IF NOT EXISTS pulse;

-- ── auth ────────────────────────────────────────────────────────────────────────────────────────────────
CREATE TABLE auth.users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);
CREATE INDEX users_email_idx ON auth.users (lower(email));

-- One row per external account; keyed by the provider's subject, never by e-mail.
CREATE TABLE auth.identities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_subject text NOT NULL,
  email text NOT NULL,
  hosted_domain text,
  -- The provider's refresh token, encrypted at rest (AES-256-GCM); never sent to a browser.
  refresh_token_encrypted text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_subject)
);
CREATE INDEX identities_user_idx ON auth.identities (user_id);

CREATE TABLE auth.sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_active_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user_idx ON auth.sessions (user_id);

-- Refresh tokens are opaque; only their SHA-256 is stored. Each use rotates to a child.
CREATE TABLE auth.refresh_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  parent_id bigint REFERENCES auth.refresh_tokens (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON auth.refresh_tokens (session_id);

-- ── pulse ───────────────────────────────────────────────────────────────────────────────────────────────
CREATE TABLE pulse.user_profiles (
  user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  email text NOT NULL,
  first_name text,
  last_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_profiles_email_idx ON pulse.user_profiles (email);

CREATE TABLE pulse.connectors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('google_meet_gemini', 'asana', 'slack', 'zoom', 'trello', 'jira', 'gmail',
    'notes', 'google_sheets', 'notion', 'google_docs', 'google_drive')),
  is_active boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, type)
);

CREATE TABLE pulse.user_identities (
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_project_list jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider)
);

CREATE TABLE pulse.project_sync_preferences (
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  sync_all boolean NOT NULL DEFAULT true,
  selected_project_ids text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider)
);

-- Streams: work discovered in connected tools, one row per item seen.
CREATE TABLE pulse.project_aliases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  raw_name text NOT NULL DEFAULT '',
  source_app text NOT NULL,
  external_id text NOT NULL UNIQUE,
  discovered_at timestamptz NOT NULL DEFAULT now(),
  project_id uuid
);
-- The candidates view reads only aliases not yet linked to a PulseMap, grouped by name.
CREATE INDEX project_aliases_unlinked_name_idx ON pulse.project_aliases (raw_name) WHERE project_id IS NULL;
CREATE INDEX project_aliases_project_idx ON pulse.project_aliases (project_id);

-- PulseMaps.
CREATE TABLE pulse.projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  alias_id uuid REFERENCES pulse.project_aliases (id) ON DELETE SET NULL,
  created_by uuid REFERENCES auth.users (id) ON DELETE SET NULL
);
CREATE INDEX projects_created_at_idx ON pulse.projects (created_at DESC);
ALTER TABLE pulse.project_aliases
  ADD CONSTRAINT project_aliases_project_fk FOREIGN KEY (project_id) REFERENCES pulse.projects (id) ON DELETE SET NULL;

CREATE VIEW pulse.v_project_candidates_grouped AS
SELECT
  a.raw_name,
  count(*)::int AS alias_count,
  array_agg(DISTINCT a.source_app ORDER BY a.source_app) AS source_apps,
  (array_agg(a.id ORDER BY a.discovered_at, a.id))[1] AS alias_id
FROM pulse.project_aliases a
WHERE a.project_id IS NULL
GROUP BY a.raw_name;

CREATE TABLE pulse.contact_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  company text,
  reason text NOT NULL,
  message text,
  resume_original_name text,
  resume_stored_name text,
  resume_type text,
  resume_size integer,
  resume_bytes bytea,
  client_ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_submissions_created_idx ON pulse.contact_submissions (created_at DESC);

-- ── realtime source (ARCHITECTURE §5 Realtime) ──────────────────────────────────────────────────────────
-- Payloads carry keys only (NOTIFY payloads are capped under 8,000 bytes); listeners read the row itself.
CREATE FUNCTION pulse.notify_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  PERFORM pg_notify('pulse_changes', json_build_object(
    'table', TG_TABLE_NAME,
    'op', TG_OP,
    'user_id', r->>'user_id',
    'key', coalesce(r->>'type', r->>'provider')
  )::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER connectors_notify AFTER INSERT OR UPDATE OR DELETE ON pulse.connectors
  FOR EACH ROW EXECUTE FUNCTION pulse.notify_row_change();
CREATE TRIGGER project_sync_preferences_notify AFTER INSERT OR UPDATE OR DELETE ON pulse.project_sync_preferences
  FOR EACH ROW EXECUTE FUNCTION pulse.notify_row_change();
