-- Issue #4: captcha tokens are usable once, and contact submissions are rate-limited per client address. Both live
-- in PostgreSQL so that every Pulse instance sharing the database agrees.

-- Captcha tokens already accepted: an ALTCHA challenge (by its signature) or a reCAPTCHA token (by its SHA-256),
-- remembered until the token could no longer be accepted anyway.
CREATE TABLE pulse.captcha_used_tokens (
  token_id text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('altcha', 'recaptcha')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX captcha_used_tokens_expires_idx ON pulse.captcha_used_tokens (expires_at);

-- One row per counted request of a rate-limited endpoint; `bucket` names the endpoint and the client address.
-- Rows older than the endpoint's window are deleted as requests come in.
CREATE TABLE pulse.rate_limit_hits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bucket text NOT NULL,
  hit_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_hits_bucket_idx ON pulse.rate_limit_hits (bucket, hit_at);
