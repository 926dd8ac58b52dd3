-- Issue 37 item 3: changing JWT_SECRET must end every session, and refresh tokens are opaque rows that never saw
-- the key. Each session now records a fingerprint of the key it was created under (src/server/auth/sessions.ts
-- sessionKeyId); refresh and the session check accept the current key's sessions only, and a server starting
-- with another key ends the rest. Sessions from before this column have none, so the first start ends them once.
ALTER TABLE auth.sessions ADD COLUMN key_id text;
CREATE INDEX sessions_live_key_id ON auth.sessions (key_id) WHERE revoked_at IS NULL;
