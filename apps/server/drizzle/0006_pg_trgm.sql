-- Trigram matching for substring search on names (the directory's name filter).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
