-- Each garage's public page, /garages/{slug} (docs/product.md#garage-profiles), from garage.registered and
-- garage.updated: the link of "Serviced by" in the public history. NULL until records has heard it.
ALTER TABLE garage_directory ADD COLUMN slug text;
