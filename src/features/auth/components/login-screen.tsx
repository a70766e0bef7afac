import { Link, useNavigate } from '@tanstack/react-router';
import { Disc3, Loader2, LogIn } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { DEMO_ACCOUNTS, type DemoAccount } from '@/lib/demo-accounts';
import { env } from '@/lib/env';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import { AUTH_MESSAGES } from '../constants';
import { useAuth } from '../hooks/use-auth';
import { isNetworkFailure } from '../model/network';
import { loginErrorMessage, postLoginPath, validateLogin } from '../model/validation';

type LoginScreenProps = { from?: string; status?: 'confirm_email' };

export function LoginScreen({ from, status }: LoginScreenProps) {
  const { user, signIn } = useAuth();
  const navigate = useNavigate();
  const online = useConnectivityStore((s) => s.online);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [offlineNotice, setOfflineNotice] = useState(false);
  const [busy, setBusy] = useState<'form' | DemoAccount['kind'] | null>(null);

  useEffect(() => {
    if (user) void navigate({ to: postLoginPath(from, user), replace: true });
  }, [user, from, navigate]);

  useEffect(() => {
    if (online) setOfflineNotice(false);
  }, [online]);

  async function attempt(kind: 'form' | DemoAccount['kind'], mail: string, pass: string) {
    setError(null);
    if (!navigator.onLine) {
      setOfflineNotice(true);
      return;
    }
    setBusy(kind);
    try {
      await signIn(mail, pass);
      toast({ variant: 'success', title: AUTH_MESSAGES.welcomeBack });
    } catch (err) {
      if (isNetworkFailure(err)) {
        setOfflineNotice(true);
      } else {
        const message = loginErrorMessage(err);
        setError(message);
        toast({ variant: 'destructive', title: AUTH_MESSAGES.loginFailedTitle, description: message });
      }
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateLogin(email, password);
    if (invalid) {
      setError(invalid);
      return;
    }
    void attempt('form', email.trim(), password);
  }

  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeader title="Log In" subtitle="Welcome back to the circle." icon={<Disc3 />} />
      <Card>
        <CardHeader>
          <CardDescription>Sign in with your e-mail and password.</CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="flex flex-col gap-4">
            {status === 'confirm_email' ? (
              <Alert variant="info" data-testid="confirm-email-notice">
                {AUTH_MESSAGES.confirmEmail}
              </Alert>
            ) : null}
            {offlineNotice || !online ? (
              <Alert variant="offline" data-testid="login-offline">
                {AUTH_MESSAGES.offlineSignIn}
              </Alert>
            ) : null}
            {error ? (
              <Alert variant="error" data-testid="login-error">
                {error}
              </Alert>
            ) : null}
            <div className="flex flex-col gap-2">
              <Label htmlFor="login-email">Email</Label>
              <Input id="login-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="login-password">Password</Label>
              <Input id="login-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </div>
            <Button type="submit" disabled={busy !== null}>
              {busy === 'form' ? <Loader2 className="animate-spin" aria-hidden /> : <LogIn aria-hidden />}
              {busy === 'form' ? 'Logging in...' : 'Log In'}
            </Button>
            {env.demoLogins ? (
              <div className="flex flex-col gap-2 border-t pt-4">
                <p className="text-center text-sm text-muted-foreground">Or try a demo account</p>
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {DEMO_ACCOUNTS.map((account) => (
                    <Button
                      key={account.kind}
                      type="button"
                      variant="outline"
                      disabled={busy !== null}
                      onClick={() => void attempt(account.kind, account.email, account.password)}
                    >
                      {busy === account.kind ? <Loader2 className="animate-spin" aria-hidden /> : null}
                      {account.label}
                    </Button>
                  ))}
                </div>
              </div>
            ) : null}
          </CardContent>
        </form>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <span>
            New here?{' '}
            <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
              Create an account
            </Link>
          </span>
        </CardFooter>
      </Card>
    </div>
  );
}
