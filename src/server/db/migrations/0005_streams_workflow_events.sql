-- Issue #11: Streams fed by signed workflow events (decision 0050).

-- Workflow events already handled, by their Standard Webhooks `webhook-id`: a repeated id changes nothing.
CREATE TABLE pulse.workflow_event_ids (
  webhook_id text PRIMARY KEY,
  event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- External ids are unique per source app, not across apps: JIRA-12 in jira and a Slack thread called JIRA-12 are
-- two aliases. The same (source_app, external_id) seen twice is one alias.
ALTER TABLE pulse.project_aliases DROP CONSTRAINT project_aliases_external_id_key;
ALTER TABLE pulse.project_aliases
  ADD CONSTRAINT project_aliases_source_app_external_id_key UNIQUE (source_app, external_id);

-- One PulseMap per candidate: a second create for the same candidate (two tabs, a double click, two instances at
-- once) fails on this constraint, not on a check made before the insert.
ALTER TABLE pulse.projects ADD CONSTRAINT projects_alias_id_key UNIQUE (alias_id);
