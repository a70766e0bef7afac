-- Caps on what a member writes into their profile. Without them a 4,500-character
-- bio filled the header card and long names spilled out of directory cards; the
-- app's form validates the same caps (src/lib/profile-rules.ts) with readable
-- messages, these constraints hold for anyone writing through the API directly.
-- Avatar and banner must be web addresses when set (null clears them).

-- Rows written before the caps are brought within them, so the constraints can
-- be validated: over-long text is cut, a malformed picture address removed.
update public.profiles set display_name = left(display_name, 50) where char_length(display_name) > 50;
update public.profiles set bio = left(bio, 1000) where char_length(bio) > 1000;
update public.profiles set location = left(location, 100) where char_length(location) > 100;
update public.profiles set avatar_url = null
  where avatar_url is not null and (avatar_url !~* '^https?://[^[:space:]]+$' or char_length(avatar_url) > 2048);
update public.profiles set banner_url = null
  where banner_url is not null and (banner_url !~* '^https?://[^[:space:]]+$' or char_length(banner_url) > 2048);

alter table public.profiles
  add constraint profiles_display_name_length check (display_name is null or char_length(display_name) <= 50),
  add constraint profiles_bio_length check (char_length(bio) <= 1000),
  add constraint profiles_location_length check (char_length(location) <= 100),
  add constraint profiles_avatar_url_format check (
    avatar_url is null or (char_length(avatar_url) <= 2048 and avatar_url ~* '^https?://[^[:space:]]+$')),
  add constraint profiles_banner_url_format check (
    banner_url is null or (char_length(banner_url) <= 2048 and banner_url ~* '^https?://[^[:space:]]+$'));
