-- The database's clock, as a replication reads it before its first page. A row whose `_modified`
-- is older than that moment by more than the longest a transaction can run was committed before
-- any page was read, so every page saw it: a pull that caught up need not read such rows' ids
-- again to find late commits among them. It reveals nothing but the time.
create function public.server_time()
returns timestamptz
language sql
volatile
security invoker
set search_path = ''
as $$
  select clock_timestamp();
$$;

revoke execute on function public.server_time() from public;
grant execute on function public.server_time() to anon, authenticated, service_role;
