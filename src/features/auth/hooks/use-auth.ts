import { createContext, useContext } from 'react';
import type { AuthChangeEvent, AuthResponse, AuthTokenResponsePassword, Session } from '@supabase/supabase-js';
import { MESSAGES } from '@/lib/shell-constants';
import type { MergedUser } from '../model/merge-user';
import type { ProfileUpdate } from '../model/profile-types';

export type SignUpInput = {
  email: string;
  password: string;
  username: string;
  displayName?: string;
  location?: string;
};

export type AuthContextValue = {
  user: MergedUser | null;
  session: Session | null;
  loading: boolean;
  /** The last auth event seen, for screens that react to e.g. PASSWORD_RECOVERY. */
  lastEvent: AuthChangeEvent | null;
  signIn: (email: string, password: string) => Promise<AuthTokenResponsePassword['data']>;
  signUp: (input: SignUpInput) => Promise<AuthResponse['data']>;
  signOut: () => Promise<void>;
  updateProfile: (updates: ProfileUpdate) => Promise<MergedUser>;
  refreshUser: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(MESSAGES.useAuthOutsideProvider);
  return value;
}
