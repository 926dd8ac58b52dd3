-- Issue #7: a refresh asks Google, at most every GOOGLE_RECHECK_MINUTES, whether the account still grants Pulse
-- access; this is when each session last asked.
ALTER TABLE auth.sessions ADD COLUMN google_checked_at timestamptz NOT NULL DEFAULT now();
