import { BellRing } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { PUSH_PREFERENCE_KEYS, PUSH_PREFERENCE_LABELS, PUSH_TEXTS } from '../constants';
import { useDevicePush } from '../hooks/use-device-push';

/**
 * The push part of /settings/notifications: one switch for this device (the browser's permission is
 * asked only when the member turns it on), then the kinds of notification this device gets.
 */
export function PushSettingsSection({ userId }: { userId: string | null }) {
  const push = useDevicePush(userId);
  const notice = !userId
    ? PUSH_TEXTS.signedOut
    : push.support === 'unsupported'
      ? PUSH_TEXTS.unsupported
      : push.support === 'not-configured'
        ? PUSH_TEXTS.notConfigured
        : push.support === 'blocked' && !push.enabled
          ? PUSH_TEXTS.blocked
          : null;
  const canSwitch = !!userId && !notice && !push.loading && !push.busy;

  return (
    <Card data-testid="push-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <BellRing className="size-5 text-primary" aria-hidden />
          {PUSH_TEXTS.sectionTitle}
        </CardTitle>
        <CardDescription>{PUSH_TEXTS.sectionDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {notice && <p className="text-sm text-muted-foreground">{notice}</p>}
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="push-device">{PUSH_TEXTS.deviceSwitch}</Label>
          <Switch id="push-device" checked={push.enabled} disabled={!canSwitch} onCheckedChange={(on) => void (on ? push.enable() : push.disable())} />
        </div>
        {push.message && (
          <p role="alert" className="text-sm text-destructive">
            {push.message}
          </p>
        )}
        {push.enabled && (
          <fieldset className="space-y-3 border-t pt-4">
            <legend className="mb-2 text-sm font-medium">{PUSH_TEXTS.typesHeading}</legend>
            {PUSH_PREFERENCE_KEYS.map((key) => (
              <div key={key} className="flex items-center justify-between gap-4">
                <div>
                  <Label htmlFor={`push-${key}`}>{PUSH_PREFERENCE_LABELS[key].label}</Label>
                  <p className="text-xs text-muted-foreground">{PUSH_PREFERENCE_LABELS[key].hint}</p>
                </div>
                <Switch
                  id={`push-${key}`}
                  checked={push.preferences[key]}
                  disabled={push.busy}
                  onCheckedChange={(value) => void push.setPreference(key, value)}
                />
              </div>
            ))}
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
