import { Link } from '@tanstack/react-router';
import { KeyRound, Loader2, Save, User } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormStatus } from '@/components/ui/form-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { getSupabase } from '@/launch/lazy-supabase';
import { weakPasswordReasons } from '@/lib/password-rules';
import { toast } from '@/stores/toast-store';
import { SETTINGS_MESSAGES } from '../constants';
import { needsReauthentication, passwordErrorMessage, validatePasswordChange, type PasswordChangeForm } from '../model/password-change';

const EMPTY: PasswordChangeForm = { password: '', confirm: '', code: '' };

/**
 * Password change. When the project asks for reauthentication (a session signed in long ago),
 * the server's answer makes the screen send the e-mailed code and ask for it; the typed
 * passwords stay in the form meanwhile. Passwords are never written to the device's storage.
 */
export function PasswordSettingsScreen({ username }: { username: string }) {
  const [form, setForm] = useState<PasswordChangeForm>(EMPTY);
  const [codeAsked, setCodeAsked] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reasons, setReasons] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof PasswordChangeForm) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));

  function fail(message: string, why: string[] = []) {
    setError(message);
    setReasons(why);
    toast({ variant: 'destructive', title: SETTINGS_MESSAGES.updateFailedTitle, description: message });
  }

  /** Asks the server to mail a code; true when it was sent. */
  async function sendCode(): Promise<boolean> {
    const client = await getSupabase();
    const { error: sendError } = await client.auth.reauthenticate();
    if (sendError) {
      fail(passwordErrorMessage(sendError));
      return false;
    }
    return true;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setReasons([]);
    setSuccess(null);
    const invalid = validatePasswordChange(form, codeAsked);
    if (invalid) {
      setError(invalid);
      return;
    }
    if (!navigator.onLine) {
      setError(SETTINGS_MESSAGES.passwordOffline);
      return;
    }
    setBusy(true);
    try {
      const client = await getSupabase();
      const { error: updateError } = await client.auth.updateUser({ password: form.password, ...(codeAsked ? { nonce: form.code.trim() } : {}) });
      if (!updateError) {
        setForm(EMPTY);
        setCodeAsked(false);
        setNotice(null);
        setSuccess(SETTINGS_MESSAGES.passwordChanged);
        toast({ variant: 'success', title: SETTINGS_MESSAGES.passwordChangedTitle, description: SETTINGS_MESSAGES.passwordChanged });
      } else if (needsReauthentication(updateError) && !codeAsked) {
        if (await sendCode()) {
          setCodeAsked(true);
          setNotice(`${passwordErrorMessage(updateError)}. ${SETTINGS_MESSAGES.codeSent}`);
        }
      } else {
        fail(passwordErrorMessage(updateError), weakPasswordReasons(updateError));
      }
    } catch (err) {
      fail(passwordErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function onResend() {
    setError(null);
    setBusy(true);
    try {
      if (await sendCode()) setNotice(SETTINGS_MESSAGES.newCodeSent);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={SETTINGS_MESSAGES.passwordTitle} subtitle={SETTINGS_MESSAGES.passwordSubtitle} icon={<KeyRound />} />
      <Card>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <CardContent className="flex flex-col gap-5 pt-6">
            <FormStatus error={error} reasons={reasons} testId="password" />
            {notice ? (
              <Alert variant="info" data-testid="password-notice">
                {notice}
              </Alert>
            ) : null}
            {success ? (
              <Alert variant="success" data-testid="password-success">
                {success}
              </Alert>
            ) : null}
            <div className="flex flex-col gap-2">
              <Label htmlFor="password-new">{SETTINGS_MESSAGES.newPasswordLabel}</Label>
              <Input id="password-new" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="password-confirm">{SETTINGS_MESSAGES.confirmPasswordLabel}</Label>
              <Input id="password-confirm" type="password" autoComplete="new-password" value={form.confirm} onChange={set('confirm')} />
            </div>
            {codeAsked ? (
              <div className="flex flex-col gap-2">
                <Label htmlFor="password-code">{SETTINGS_MESSAGES.codeLabel}</Label>
                <Input id="password-code" inputMode="numeric" autoComplete="one-time-code" value={form.code} onChange={set('code')} />
                <Button type="button" variant="ghost" size="sm" className="self-start" disabled={busy} onClick={() => void onResend()}>
                  {SETTINGS_MESSAGES.sendNewCode}
                </Button>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
                {busy ? SETTINGS_MESSAGES.changingPassword : SETTINGS_MESSAGES.changePassword}
              </Button>
              <Button variant="outline" asChild>
                <Link to="/profile/$username" params={{ username }}>
                  <User aria-hidden /> {SETTINGS_MESSAGES.backToProfile}
                </Link>
              </Button>
            </div>
          </CardContent>
        </form>
      </Card>
    </div>
  );
}
