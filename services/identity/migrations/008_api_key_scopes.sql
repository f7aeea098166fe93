-- An API key's scope (docs/product.md#api-keys), chosen when it is made: 'log' only logs services; 'log-and-read' also
-- reads the garage's records with customers' contact details. Every key made before scopes could do both, so keeps
-- 'log-and-read'; a new key names its scope (no default).
ALTER TABLE api_keys ADD COLUMN scope text NOT NULL DEFAULT 'log-and-read' CHECK (scope IN ('log', 'log-and-read'));
ALTER TABLE api_keys ALTER COLUMN scope DROP DEFAULT;

-- Counting a garage's active keys (at most ACTIVE_API_KEYS_PER_GARAGE).
CREATE INDEX api_keys_garage_active ON api_keys (garage_id) WHERE revoked_at IS NULL;
