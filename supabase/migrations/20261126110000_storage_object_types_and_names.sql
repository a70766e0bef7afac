-- Stored files are served back under the type their uploader declared, so a
-- type the bucket does not list exactly (`audio/mpeg; charset=x, text/html`
-- passed a check that only looked at the text before the first `;`) could turn
-- a member's upload into a web page on the project's own address. The object's
-- recorded type must now be a well-formed media type (RFC 9110: type/subtype,
-- then `; name=value` parameters of tokens or quoted strings) whose type and
-- subtype are exactly one of the bucket's allowed types (`type/*` entries allow
-- any subtype of that type). This holds for every writer, the storage service
-- of a hosted project included, not only for the local gateway.
--
-- Object names are paths to anyone who copies the files out of the bucket, so
-- a name holds no backslash, no control character and no `.` or `..` segment.

create or replace function private.media_type_essence(p_type text) returns text
language sql immutable
set search_path = ''
as $$
  select lower(substring(p_type from '^[ \t]*([!#$%&''*+.^_`|~0-9A-Za-z-]+/[!#$%&''*+.^_`|~0-9A-Za-z-]+)'))
   where p_type ~ ('^[ \t]*[!#$%&''*+.^_`|~0-9A-Za-z-]+/[!#$%&''*+.^_`|~0-9A-Za-z-]+'
                   || '([ \t]*;[ \t]*[!#$%&''*+.^_`|~0-9A-Za-z-]+=([!#$%&''*+.^_`|~0-9A-Za-z-]+|"([^"\\[:cntrl:]]|\\[^[:cntrl:]])*"))*'
                   || '[ \t]*$')
$$;

create or replace function private.storage_object_rules() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  declared text := nullif(new.metadata ->> 'mimetype', '');
  essence text;
  allowed text[];
begin
  if new.name is null or new.name = '' or new.name ~ '[\\[:cntrl:]]' or new.name ~ '(^|/)\.\.?(/|$)' then
    raise exception using errcode = '23514',
      message = 'Invalid key: object names cannot contain backslashes, control characters or "." and ".." segments.';
  end if;
  -- The storage service asks whether a write is allowed before the body has
  -- arrived, with no type yet; the row it finally keeps carries one.
  if declared is null then
    return new;
  end if;
  essence := private.media_type_essence(declared);
  if essence is null then
    raise exception using errcode = '23514',
      message = format('mime type %s is not supported: it is not a well-formed media type.', left(declared, 200));
  end if;
  select b.allowed_mime_types into allowed from storage.buckets b where b.id = new.bucket_id;
  if coalesce(cardinality(allowed), 0) > 0
     and not exists (select 1 from unnest(allowed) a
                      where lower(a) = essence
                         or (lower(a) like '%/*' and split_part(essence, '/', 1) = split_part(lower(a), '/', 1))) then
    raise exception using errcode = '23514',
      message = format('mime type %s is not supported by this bucket.', left(declared, 200));
  end if;
  return new;
end
$$;

revoke execute on function private.media_type_essence(text), private.storage_object_rules() from public;
grant execute on function private.media_type_essence(text), private.storage_object_rules()
  to anon, authenticated, service_role, supabase_storage_admin;

create trigger objects_type_and_name_rules before insert or update of name, bucket_id, metadata on storage.objects
  for each row execute function private.storage_object_rules();
