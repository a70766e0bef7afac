import { Link, useNavigate } from '@tanstack/react-router';
import { Loader2, UserPlus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormStatus } from '@/components/ui/form-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LocationInput } from '@/components/ui/location-input';
import { PageHeader } from '@/components/ui/page-header';
import { getSupabase } from '@/launch/lazy-supabase';
import { weakPasswordReasons } from '@/lib/password-rules';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import { AUTH_MESSAGES, CONFIRM_EMAIL_TOAST_MS } from '../constants';
import { useAuth } from '../hooks/use-auth';
import { isNetworkFailure } from '../model/network';
import { postLoginPath, signupErrorMessage, validateSignup, type SignupInput } from '../model/validation';

const EMPTY: SignupInput = { username: '', email: '', password: '', confirmPassword: '', location: '', honeypot: '' };

async function usernameAvailable(username: string): Promise<boolean> {
  const client = await getSupabase();
  const { data, error } = await client.rpc('username_available', { p_username: username.toLowerCase() });
  if (error) throw error;
  return data !== false;
}

export function SignupScreen({ from }: { from?: string }) {
  const { user, signUp } = useAuth();
  const navigate = useNavigate();
  const online = useConnectivityStore((s) => s.online);
  const [form, setForm] = useState<SignupInput>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [reasons, setReasons] = useState<string[]>([]);
  const [offlineNotice, setOfflineNotice] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (user) void navigate({ to: postLoginPath(from, user), replace: true });
  }, [user, from, navigate]);

  const set = (field: keyof SignupInput) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setReasons([]);
    const invalid = validateSignup(form);
    if (invalid) {
      setError(invalid);
      return;
    }
    if (!navigator.onLine) {
      setOfflineNotice(true);
      return;
    }
    setBusy(true);
    try {
      const username = form.username.trim();
      // GoTrue reports a taken username only as a generic database error; ask first.
      if (!(await usernameAvailable(username))) {
        setError(AUTH_MESSAGES.signupUsernameTaken);
        return;
      }
      const data = await signUp({
        email: form.email.trim(),
        password: form.password,
        username,
        displayName: username,
        location: form.location.trim() || undefined,
      });
      if (data.session) {
        toast({ variant: 'success', title: AUTH_MESSAGES.signedUpTitle, description: AUTH_MESSAGES.signedUpAndIn });
      } else {
        toast({ title: AUTH_MESSAGES.confirmEmailTitle, description: AUTH_MESSAGES.confirmEmail, duration: CONFIRM_EMAIL_TOAST_MS });
        void navigate({ to: '/login', search: { status: 'confirm_email' } });
      }
    } catch (err) {
      if (isNetworkFailure(err)) setOfflineNotice(true);
      else {
        const message = signupErrorMessage(err);
        setError(message);
        setReasons(weakPasswordReasons(err));
        toast({ variant: 'destructive', title: AUTH_MESSAGES.signupFailedTitle, description: message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeader title="Join the Movement" subtitle="Create your free account and connect with the scene." icon={<UserPlus />} />
      <Card>
        <CardHeader>
          <CardDescription>All fields except location are required.</CardDescription>
        </CardHeader>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <CardContent className="flex flex-col gap-4">
            {offlineNotice || !online ? (
              <Alert variant="offline" data-testid="signup-offline">
                {AUTH_MESSAGES.offlineSignUp}
              </Alert>
            ) : null}
            <FormStatus error={error} reasons={reasons} testId="signup" />
            <div className="flex flex-col gap-2">
              <Label htmlFor="signup-username">Username</Label>
              <Input id="signup-username" autoComplete="username" value={form.username} onChange={set('username')} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="signup-email">Email</Label>
              <Input id="signup-email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="signup-password">Password</Label>
              <Input id="signup-password" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="signup-confirm">Confirm Password</Label>
              <Input id="signup-confirm" type="password" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="signup-location">Location (optional)</Label>
              <LocationInput
                id="signup-location"
                autoComplete="address-level2"
                value={form.location}
                onChange={set('location')}
                onDetected={(location) => setForm((f) => ({ ...f, location }))}
              />
            </div>
            {/* Bots fill every field; people never see this one. */}
            <div aria-hidden className="absolute left-[-10000px] top-auto h-px w-px overflow-hidden">
              <label htmlFor="signup-website">Website</label>
              <input id="signup-website" name="website" tabIndex={-1} autoComplete="off" value={form.honeypot} onChange={set('honeypot')} />
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
              {busy ? 'Creating account...' : 'Sign Up'}
            </Button>
          </CardContent>
        </form>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <span>
            Already a member?{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Log in
            </Link>
          </span>
        </CardFooter>
      </Card>
    </div>
  );
}
