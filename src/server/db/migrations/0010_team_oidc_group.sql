-- Teams linked to an identity-provider group (issue 6): at each OpenID Connect sign-in, membership of a
-- linked team is set from the groups claim. NULL = a hand-managed team. A group links at most one team
-- (compared without regard to case, as the sync compares them), so a claim never fills two teams.
ALTER TABLE teams ADD COLUMN oidc_group text CHECK (oidc_group IS NULL OR length(oidc_group) BETWEEN 1 AND 400);
CREATE UNIQUE INDEX teams_oidc_group_key ON teams (lower(oidc_group));
