-- Custom SQL migration file, put your code below! --
-- Emails compare without case and surrounding spaces (ADR 035): every stored address becomes
-- trimmed and lower-cased before the next migration's unique index on lower(email) is built.
-- Accounts whose addresses differ only in case or spaces: the one already stored normalised (the
-- only one sign-in could reach), else the oldest, keeps the address; each other one gets
-- "<address>#duplicate-<id>", which no sign-in matches, so an operator can sort it out by hand.
UPDATE users SET email = lower(trim(users.email)) || '#duplicate-' || users.id
FROM (
  SELECT id, row_number() OVER (
    PARTITION BY lower(trim(email)) ORDER BY (email = lower(trim(email))) DESC, created_at, id
  ) AS place FROM users
) AS ranked
WHERE ranked.id = users.id AND ranked.place > 1;
--> statement-breakpoint
UPDATE users SET email = lower(trim(email)) WHERE email <> lower(trim(email));
--> statement-breakpoint
-- Invitations to one workspace for one address in two spellings: the accepted one, else the
-- newest, stays.
DELETE FROM workspace_invitations WHERE id IN (
  SELECT id FROM (
    SELECT id, row_number() OVER (
      PARTITION BY workspace_id, lower(trim(email)) ORDER BY accepted DESC, created_at DESC, id
    ) AS place FROM workspace_invitations
  ) WHERE place > 1
);
--> statement-breakpoint
UPDATE workspace_invitations SET email = lower(trim(email)) WHERE email <> lower(trim(email));
