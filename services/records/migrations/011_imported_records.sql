-- A record a garage imported from the history it already held (docs/product.md#importing-a-garages-history): its
-- service date is the garage's word, its created_at the day the platform received it, and its chain entry seals
-- `imported: true` beside both, so every view can say "Imported on {date}, serviced on {date}".
ALTER TABLE service_records ADD COLUMN imported boolean NOT NULL DEFAULT false;
