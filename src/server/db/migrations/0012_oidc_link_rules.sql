-- OpenID Connect identities (issue 18). A person is found at sign-in by the provider's stable subject
-- (oidc_issuer + oidc_subject, as before), never by e-mail. A NEW identity may be linked to an existing
-- person by e-mail only when the provider vouches for the address, and never to a person with a local
-- password or the Admin role unless an admin marked that person as expecting single sign-on:
-- expects_sso. Existing rows get false: a person without a password and without the Admin role (the
-- usual pre-registration) links as before when the address is verified; the others wait for an admin.
ALTER TABLE users ADD COLUMN expects_sso boolean NOT NULL DEFAULT false;

-- Microsoft Entra ID's tenant (tid) and object id (oid) of the linked identity, when the provider sends
-- them: recorded so an admin can tell which directory account a person is, not used to find the person.
ALTER TABLE users
  ADD COLUMN oidc_tenant text CHECK (oidc_tenant IS NULL OR length(oidc_tenant) BETWEEN 1 AND 200),
  ADD COLUMN oidc_object_id text CHECK (oidc_object_id IS NULL OR length(oidc_object_id) BETWEEN 1 AND 200);
