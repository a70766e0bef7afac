import { Link, useNavigate } from '@tanstack/react-router';
import { KeyRound, Loader2, Save, Settings } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormStatus } from '@/components/ui/form-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LocationInput } from '@/components/ui/location-input';
import { PageHeader } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { useDatabase } from '@/db/hooks/use-database';
import { useOutboxState } from '@/db/hooks/use-outbox-state';
import { SIGNATURE_MAX_LENGTH } from '@/lib/profile-rules';
import { useFormDraft } from '@/lib/use-form-draft';
import { SETTINGS_MESSAGES, SOCIAL_LABELS, SOCIAL_NETWORKS } from '../constants';
import { useSettingsSave } from '../hooks/use-settings-save';
import { formFromMember, parseProfileForm, profileChanges, validateProfileForm, type ProfileForm } from '../model/profile-form';
import type { SaveProfile, SettingsMember } from '../model/types';
import { usernameTaken } from '../model/username-check';

const PROFILE_SAVE_TEXTS = {
  savedTitle: SETTINGS_MESSAGES.profileUpdatedTitle,
  saved: SETTINGS_MESSAGES.profileUpdated,
  failed: SETTINGS_MESSAGES.profileSaveFailed,
};

export function ProfileSettingsScreen({ member, save }: { member: SettingsMember; save: SaveProfile }) {
  const db = useDatabase();
  const navigate = useNavigate();
  const outbox = useOutboxState('profiles', member.id);
  const [form, setForm] = useState<ProfileForm>(() => formFromMember(member));
  const { error, success, saving, reset, fail, submit } = useSettingsSave(PROFILE_SAVE_TEXTS, member.id);
  const draft = useFormDraft({ key: `settings-profile:${member.id}`, value: form, parse: parseProfileForm, onRestore: setForm });

  const update = (change: (f: ProfileForm) => ProfileForm) => {
    draft.touch();
    setForm(change);
  };
  const field = (name: Exclude<keyof ProfileForm, 'social'>) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => update((f) => ({ ...f, [name]: e.target.value })),
  });
  const discard = () => {
    draft.clear();
    setForm(formFromMember(member));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    reset();
    const invalid = validateProfileForm(form);
    if (invalid) {
      fail(invalid);
      return;
    }
    const changes = profileChanges(member, form);
    const done = await submit(async () => {
      if (changes.username && (await usernameTaken(db, changes.username, member.id))) throw new Error(SETTINGS_MESSAGES.profileSaveFailed);
      if (Object.keys(changes).length > 0) await save(changes);
    });
    if (done) draft.clear();
    if (done && changes.username) void navigate({ to: '/profile/$username', params: { username: changes.username }, replace: true });
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={SETTINGS_MESSAGES.profileTitle} subtitle={SETTINGS_MESSAGES.profileSubtitle} icon={<Settings />} back={true} />
      <Card>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <CardContent className="flex flex-col gap-5 pt-6">
            <FormStatus error={error} success={success} testId="settings" />
            {draft.restored ? (
              <Alert data-testid="settings-draft-restored" className="flex flex-wrap items-center justify-between gap-2">
                <span>{SETTINGS_MESSAGES.draftRestored}</span>
                <Button type="button" variant="outline" size="sm" onClick={discard}>
                  {SETTINGS_MESSAGES.discardDraft}
                </Button>
              </Alert>
            ) : null}
            {outbox?.state === 'rejected' && outbox.reason ? (
              <Alert variant="error" data-testid="settings-rejected">
                {SETTINGS_MESSAGES.rejected(outbox.reason)}
              </Alert>
            ) : null}
            {outbox?.state === 'waiting' && !success ? <Alert variant="offline">{SETTINGS_MESSAGES.savedOffline}</Alert> : null}
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor="settings-username">Username</Label>
                <Input id="settings-username" autoComplete="username" {...field('username')} />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="settings-display-name">Display Name</Label>
                <Input id="settings-display-name" autoComplete="nickname" {...field('display_name')} />
              </div>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-bio">Bio</Label>
              <Textarea id="settings-bio" rows={4} {...field('bio')} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-signature">Forum Signature</Label>
              <Textarea id="settings-signature" rows={2} maxLength={SIGNATURE_MAX_LENGTH} aria-describedby="settings-signature-hint" {...field('signature')} />
              <p id="settings-signature-hint" className="text-xs text-muted-foreground">
                {form.signature.trim().length}/{SIGNATURE_MAX_LENGTH} characters
              </p>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-location">Location</Label>
              <LocationInput id="settings-location" {...field('location')} onDetected={(location) => update((f) => ({ ...f, location }))} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-genres">Favorite Genres (comma separated)</Label>
              <Input id="settings-genres" placeholder="Techno, House, Drum & Bass" {...field('genres')} />
            </div>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold">Social Links</legend>
              {SOCIAL_NETWORKS.map((network) => (
                <div key={network} className="flex flex-col gap-2">
                  <Label htmlFor={`settings-social-${network}`}>{SOCIAL_LABELS[network]}</Label>
                  <Input
                    id={`settings-social-${network}`}
                    inputMode="url"
                    value={form.social[network]}
                    onChange={(e) => update((f) => ({ ...f, social: { ...f.social, [network]: e.target.value } }))}
                  />
                </div>
              ))}
            </fieldset>
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor="settings-avatar">Avatar URL</Label>
                <Input id="settings-avatar" type="url" {...field('avatar_url')} />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="settings-banner">Banner URL</Label>
                <Input id="settings-banner" type="url" {...field('banner_url')} />
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={saving}>
                {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
                {saving ? SETTINGS_MESSAGES.saving : SETTINGS_MESSAGES.save}
              </Button>
              <Button variant="outline" asChild>
                <Link to="/settings/password">
                  <KeyRound aria-hidden /> {SETTINGS_MESSAGES.passwordLink}
                </Link>
              </Button>
            </div>
          </CardContent>
        </form>
      </Card>
    </div>
  );
}
