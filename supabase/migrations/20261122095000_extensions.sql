-- Extensions the schema relies on. A new Supabase project ships uuid-ossp,
-- pgcrypto and pg_stat_statements (in the extensions schema) and nothing else,
-- so anything more is created here. This file sorts before the first table
-- that needs it; on databases that already had these extensions it is a no-op.

create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
-- trigram indexes on profile and discussion text (search)
create extension if not exists pg_trgm with schema extensions;
