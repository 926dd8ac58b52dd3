-- Sign-in flows and one-time codes (issue #3, ARCHITECTURE §5 Sessions).

-- A Google sign-in between "Continue with Google" and the callback. Looked up by the SHA-256 of `state` and deleted
-- on first use, so a replayed state finds nothing.
CREATE TABLE auth.sign_in_flows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state_hash text NOT NULL UNIQUE,
  -- The OpenID nonce and Google-side PKCE verifier (openid-client), AES-256-GCM encrypted.
  secrets_encrypted text NOT NULL,
  -- The browser's S256 challenge: only the holder of its verifier can exchange the one-time code.
  code_challenge text NOT NULL,
  redirect_to text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sign_in_flows_expires_idx ON auth.sign_in_flows (expires_at);

-- What the callback hands the browser instead of tokens: single use, short-lived, bound to the flow's challenge.
CREATE TABLE auth.one_time_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  code_challenge text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX one_time_codes_expires_idx ON auth.one_time_codes (expires_at);
