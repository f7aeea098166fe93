-- This database's own identity, made once with it: the lookup answers records published in Redis for another
-- database (one dropped and made again, a fresh test or demo database under the same queue prefix) are deleted
-- when records starts on this one (packages/shared/src/lookup-cache/database-identity.ts).
CREATE TABLE database_identity (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  only_row boolean NOT NULL DEFAULT true UNIQUE CHECK (only_row)
);
INSERT INTO database_identity DEFAULT VALUES;
