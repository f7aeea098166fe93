-- No back door into the chain (issue 23, point 8). Records no longer chains, at start-up, the records listed in
-- records_awaiting_chain: anyone able to write to the database could list a record of their own there and have it
-- sealed and signed with the receipt key at the next start. Chain entries are now made only by the service's own
-- write paths (domain/seal-chain-entry.ts); a record that reaches service_records any other way stays outside its
-- chain, and verification reports it. The demo seed (scripts/seed.ts) stores and seals its records through that
-- write path.
--
-- A row still listed here whose record has no entry was put there by migration 002 or by an earlier seed, and records
-- has not started since to chain it. This migration cannot chain it (it holds no signing key, and chaining what is
-- listed here is the door being shut), and dropping it quietly would leave that record outside its chain without
-- anyone deciding so. So it refuses while any such row is left, and says what to do; nothing is changed until then.
DO $$
DECLARE
  waiting bigint;
BEGIN
  SELECT count(*) INTO waiting
    FROM records_awaiting_chain a JOIN service_records r ON r.id = a.record_id
   WHERE NOT EXISTS (SELECT 1 FROM chain_entries e WHERE e.record_id = a.record_id AND e.kind = 'record');
  IF waiting > 0 THEN
    RAISE EXCEPTION '% record(s) listed in records_awaiting_chain were never chained, and records no longer chains them at start-up. '
      'To chain them, start the records service of the version before this migration once (it chains them as it starts), then upgrade. '
      'A development database seeded by npm start can instead be dropped (dropdb sh_records, with its SH_DATABASE_SUFFIX if any): '
      'npm start makes it again and seals the demo records itself. '
      'To leave them outside their chains (verify then reports them), run DELETE FROM records_awaiting_chain and start again.',
      waiting;
  END IF;
END $$;

DROP TABLE records_awaiting_chain;
