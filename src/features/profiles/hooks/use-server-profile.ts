import { useServerFirstRead, type ServerFirstRead } from '@/launch/use-server-first-read';
import { profileReadsServerFirst, serverProfile, type ServerProfile } from '../model/server-profile';

/** The profile as the server has it, when the screen opened on a device whose store never held profiles and content. */
export function useServerProfile(username: string): ServerFirstRead<ServerProfile> {
  return useServerFirstRead(
    () => profileReadsServerFirst(username),
    () => serverProfile(username),
    username,
  );
}
