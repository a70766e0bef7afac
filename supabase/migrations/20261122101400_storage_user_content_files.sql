-- Storage bucket for uploads: {uid}/{type}/{timestamp}_{filename} for content
-- files (100 MB) and {uid}/covers/{timestamp}_{filename} for cover images (5 MB,
-- jpeg/png/gif). Public read; members write only inside their own folder.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'user-content-files', 'user-content-files', true, 104857600,
  array['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave',
        'audio/flac', 'audio/x-flac', 'application/zip', 'application/x-zip-compressed',
        'image/jpeg', 'image/png', 'image/gif']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Covers: image extension always; size and type from the object metadata when
-- the storage service has filled it in (its permission probe writes size 0 and
-- an empty type first, then the real values once the body has arrived).
create or replace function private.storage_object_allowed(object_name text, object_metadata jsonb) returns boolean
language sql stable
set search_path = ''
as $$
  select case
    when (storage.foldername(object_name))[2] = 'covers' then
      lower(storage.extension(object_name)) in ('jpg', 'jpeg', 'png', 'gif')
      and coalesce((object_metadata ->> 'size')::bigint, 0) <= 5242880
      and coalesce(nullif(object_metadata ->> 'mimetype', ''), 'image/jpeg') in ('image/jpeg', 'image/png', 'image/gif')
    else coalesce((object_metadata ->> 'size')::bigint, 0) <= 104857600
  end
$$;
grant execute on function private.storage_object_allowed(text, jsonb) to anon, authenticated, service_role;

create policy "user-content-files are publicly readable" on storage.objects
  for select to anon, authenticated using (bucket_id = 'user-content-files');

create policy "Members upload into their own folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'user-content-files'
    and (storage.foldername(name))[1] = auth.uid()::text
    and private.storage_object_allowed(name, metadata)
  );

create policy "Members update files in their own folder" on storage.objects
  for update to authenticated
  using (bucket_id = 'user-content-files' and (storage.foldername(name))[1] = auth.uid()::text)
  with check (
    bucket_id = 'user-content-files'
    and (storage.foldername(name))[1] = auth.uid()::text
    and private.storage_object_allowed(name, metadata)
  );

create policy "Members delete files in their own folder" on storage.objects
  for delete to authenticated
  using (bucket_id = 'user-content-files' and (storage.foldername(name))[1] = auth.uid()::text);
