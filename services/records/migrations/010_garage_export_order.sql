-- A garage's export reads every record of the garage, withdrawn ones too, newest service first, through one cursor
-- (docs/product.md#exporting-the-records). The index a garage's list kept its keyset pages on (service_records_mine)
-- held only records not withdrawn, so an export could use it for none of the garage's records and would scan the
-- whole table; this one holds every record in the same order, and the list's pages read it as before, skipping the
-- few withdrawn rows.
CREATE INDEX service_records_garage_newest ON service_records (garage_id, service_date DESC, created_at DESC, id DESC);
DROP INDEX service_records_mine;
