import { Link } from '@tanstack/react-router';
import { Coins, HandHeart, Loader2, Save, User } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormStatus } from '@/components/ui/form-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Switch } from '@/components/ui/switch';
import { useOutboxState } from '@/db/hooks/use-outbox-state';
import { toast } from '@/stores/toast-store';
import { SETTINGS_MESSAGES } from '../constants';
import { useSettingsSave } from '../hooks/use-settings-save';
import { tipJarForm, tipJarToSave, validateTipJar, type TipJarForm } from '../model/profile-form';
import type { SaveProfile, SettingsMember } from '../model/types';

const TIP_JAR_SAVE_TEXTS = { savedTitle: SETTINGS_MESSAGES.tipJarSavedTitle, saved: SETTINGS_MESSAGES.tipJarSaved, failed: SETTINGS_MESSAGES.tipJarSaveFailed };

export function TipJarSettingsScreen({ member, save }: { member: SettingsMember; save: SaveProfile }) {
  const [form, setForm] = useState<TipJarForm>(() => tipJarForm(member.monetization));
  // What was typed for the other type: switching Crypto, PayPal and back keeps both instead of erasing the address.
  const [typed, setTyped] = useState<Record<TipJarForm['type'], string>>(() => ({
    crypto: member.monetization.cryptoAddress ?? '',
    paypal: member.monetization.paypalEmail ?? '',
  }));
  const switchType = (type: TipJarForm['type']) => {
    if (type === form.type) return;
    setTyped((t) => ({ ...t, [form.type]: form.value }));
    setForm((f) => ({ ...f, type, value: typed[type] }));
  };
  const { error, success, saving, reset, fail, submit } = useSettingsSave(TIP_JAR_SAVE_TEXTS, member.id);
  const outbox = useOutboxState('profiles', member.id);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    reset();
    const missing = validateTipJar(form);
    if (missing) {
      fail(missing);
      toast({ variant: 'destructive', title: SETTINGS_MESSAGES.missingInfoTitle, description: missing });
      return;
    }
    await submit(() => save({ monetization: tipJarToSave(form) }));
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={SETTINGS_MESSAGES.tipJarTitle} subtitle={SETTINGS_MESSAGES.tipJarSubtitle} icon={<Coins />} />
      <Card>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <CardContent className="flex flex-col gap-5 pt-6">
            <FormStatus error={error} success={success} testId="tipjar" />
            {outbox?.state === 'rejected' && outbox.reason ? <Alert variant="error">{SETTINGS_MESSAGES.rejected(outbox.reason)}</Alert> : null}
            <div className="flex items-center gap-3">
              <Switch id="tipjar-enabled" checked={form.enabled} onCheckedChange={(enabled) => setForm((f) => ({ ...f, enabled }))} />
              <Label htmlFor="tipjar-enabled">{SETTINGS_MESSAGES.tipJarToggle}</Label>
            </div>
            {form.enabled ? (
              <>
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-2 text-sm font-semibold">Tip jar type</legend>
                  <div className="flex gap-6">
                    {(['crypto', 'paypal'] as const).map((type) => (
                      <label key={type} className="inline-flex cursor-pointer items-center gap-2 text-sm">
                        <input
                          type="radio"
                          name="tipjar-type"
                          value={type}
                          checked={form.type === type}
                          onChange={() => switchType(type)}
                          className="size-4 accent-primary"
                        />
                        {type === 'crypto' ? SETTINGS_MESSAGES.cryptoOption : SETTINGS_MESSAGES.paypalOption}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="tipjar-value">{form.type === 'crypto' ? SETTINGS_MESSAGES.cryptoLabel : SETTINGS_MESSAGES.paypalLabel}</Label>
                  <Input id="tipjar-value" value={form.value} onChange={(e) => setForm((f) => ({ ...f, value: e.target.value }))} />
                </div>
              </>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={saving}>
                {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
                {saving ? SETTINGS_MESSAGES.saving : SETTINGS_MESSAGES.save}
              </Button>
              <Button variant="outline" asChild>
                <Link to="/profile/$username" params={{ username: member.username }}>
                  <User aria-hidden /> {SETTINGS_MESSAGES.backToProfile}
                </Link>
              </Button>
              <Button variant="ghost" asChild>
                <Link to="/support-platform">
                  <HandHeart aria-hidden /> {SETTINGS_MESSAGES.supportPlatformLink}
                </Link>
              </Button>
            </div>
          </CardContent>
        </form>
      </Card>
    </div>
  );
}
