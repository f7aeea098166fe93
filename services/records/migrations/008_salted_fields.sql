-- Withdrawal and erasure without breaking the log (issue 23 point 6). From this migration on, an entry commits to
-- each personal or free-text field (a record's notes, technician and signer; an amendment's reason and the values it
-- changed; a withdrawal's reason) through a salted hash, SHA-256 over the canonical JSON of {"salt", "value"}, rather
-- than the value itself. The value and its salt are kept side by side in entry_fields; the public answer shows them
-- only while the field is public, and a withdrawal or an admin's erasure deletes both, after which the entry still
-- verifies from its hash (domain/verify-sealed-fields.ts). So record_amendments, until now never updated, has the old and
-- new values of an erased field (notes) set to null by a withdrawal or an erasure; nothing else of it changes.

-- An entry's format: 1 hashed its fields' values themselves (every entry sealed before this migration: they keep
-- verifying as they always did, recomputed from the records and amendments); 2 commits to the fields above through
-- salted hashes, and keeps the content it hashed (canonical JSON, holding commitments and no personal value) in
-- content, since a value erased later cannot be put back into it.
ALTER TABLE chain_entries ADD COLUMN format smallint NOT NULL DEFAULT 1 CHECK (format IN (1, 2));
ALTER TABLE chain_entries ALTER COLUMN format DROP DEFAULT;
ALTER TABLE chain_entries ADD COLUMN content text;
ALTER TABLE chain_entries ADD CONSTRAINT chain_entries_content_kept CHECK ((format = 2) = (content IS NOT NULL));

-- Each committed field of a format-2 entry: its path in the entry's content ("record.notes",
-- "amendment.changes.0.to"), the value it sealed and the salt. Deleted, never updated, when the value must go.
CREATE TABLE entry_fields (
  registration text NOT NULL,
  position integer NOT NULL,
  path text NOT NULL CHECK (path ~ '^[a-z_]+(\.[a-z_0-9]+)+$'),
  value text,
  salt text NOT NULL CHECK (salt ~ '^[0-9a-f]{32}$'),
  PRIMARY KEY (registration, position, path),
  FOREIGN KEY (registration, position) REFERENCES chain_entries (registration, position)
);
