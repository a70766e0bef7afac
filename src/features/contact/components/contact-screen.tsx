import { Clock, Mail, MessageCircle, Timer } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { IconCard } from '@/components/ui/icon-card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { loadDatabase } from '@/db/load-database';
import { useOutboxState } from '@/db/hooks/use-outbox-state';
import { useWhenSent } from '@/db/hooks/use-when-sent';
import { queueSend } from '@/db/queued-sends';
import { useFormDraft } from '@/lib/use-form-draft';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import { CONTACT_LIMITS, CONTACT_TEXTS, CONTACT_TOASTS } from '../constants';
import { parseContactInput, validateContact, type ContactErrors, type ContactInput } from '../validation';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

/** /contact: a message waits in the device's outbox until the server has it, so it queues offline. */
export function ContactScreen({ member }: { member: { id: string; name: string; email: string | null } | null }) {
  const online = useConnectivityStore((s) => s.online);
  const [form, setForm] = useState<ContactInput>(() => ({ ...EMPTY, name: member?.name ?? '', email: member?.email ?? '' }));
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'queued' | 'error'>('idle');
  // The message written offline, until replication delivered it: then the note says sent.
  const [queuedId, setQueuedId] = useState<string | null>(null);
  useWhenSent('contact_messages', queuedId, () => {
    setQueuedId(null);
    setStatus('sent');
    toast({ ...CONTACT_TOASTS.deliveredLater, variant: 'success' });
  });
  // A message written online is only sent once the server took it: until then the form says sending, never sent.
  const [sendingId, setSendingId] = useState<string | null>(null);
  const sending = useOutboxState('contact_messages', sendingId ?? '');
  useEffect(() => {
    if (!sendingId || !sending) return;
    if (sending.state === 'sent') {
      setSendingId(null);
      setStatus('sent');
      toast({ ...CONTACT_TOASTS.sent, variant: 'success' });
    } else if (sending.state === 'rejected' || sending.state === 'conflict') {
      setSendingId(null);
      setStatus('error');
      toast({ ...CONTACT_TOASTS.failed, variant: 'destructive' });
    } else if (!online) {
      // The connection went while it was on its way: it waits on the device like a message written offline.
      setSendingId(null);
      setQueuedId(sendingId);
      setStatus('queued');
      toast({ ...CONTACT_TOASTS.queued });
    }
  }, [sendingId, sending, online]);
  // A message typed and not sent yet comes back after a reload or a crash.
  const draft = useFormDraft({ key: `contact:${member?.id ?? 'visitor'}`, value: form, parse: parseContactInput, onRestore: setForm });

  const set = (key: keyof ContactInput) => (value: string) => {
    draft.touch();
    setForm((f) => ({ ...f, [key]: value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateContact(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setStatus('sending');
    try {
      const db = await loadDatabase();
      const id = crypto.randomUUID();
      await queueSend(db, 'contact_messages', {
        id,
        name: form.name.trim(),
        email: form.email.trim(),
        subject: form.subject.trim(),
        message: form.message.trim(),
        user_id: member?.id ?? null,
      });
      if (online) {
        setSendingId(id);
      } else {
        setQueuedId(id);
        setStatus('queued');
        toast({ ...CONTACT_TOASTS.queued });
      }
      draft.clear();
      setForm({ ...EMPTY, name: member?.name ?? '', email: member?.email ?? '' });
    } catch {
      setStatus('error');
      toast({ ...CONTACT_TOASTS.failed, variant: 'destructive' });
    }
  }

  const field = (key: keyof ContactInput, label: string, input: 'input' | 'textarea', type = 'text') => (
    <div className="space-y-1">
      <Label htmlFor={`contact-${key}`}>{label}</Label>
      {input === 'input' ? (
        <Input
          id={`contact-${key}`}
          type={type}
          value={form[key]}
          maxLength={CONTACT_LIMITS[key]}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `contact-${key}-error` : undefined}
          onChange={(e) => set(key)(e.target.value)}
        />
      ) : (
        <Textarea
          id={`contact-${key}`}
          rows={6}
          value={form[key]}
          maxLength={CONTACT_LIMITS[key]}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `contact-${key}-error` : undefined}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
      {errors[key] ? (
        <p id={`contact-${key}-error`} className="text-sm text-destructive">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <div>
      <PageHeader title={CONTACT_TEXTS.title} subtitle={CONTACT_TEXTS.subtitle} icon={<Mail />} />
      <div className="grid gap-6 lg:grid-cols-[1fr_1.4fr]">
        <div className="space-y-4">
          <IconCard icon={MessageCircle} title={CONTACT_TEXTS.infoHeading}>
            <dl className="space-y-2 text-sm">
              {CONTACT_TEXTS.info.map((i) => (
                <div key={i.label}>
                  <dt className="font-medium">{i.label}</dt>
                  <dd className="text-muted-foreground">{i.value}</dd>
                </div>
              ))}
            </dl>
          </IconCard>
          <IconCard icon={Clock} title={CONTACT_TEXTS.hoursHeading} contentClassName="space-y-1 text-sm">
            <p>{CONTACT_TEXTS.hours}</p>
            <p className="text-muted-foreground">{CONTACT_TEXTS.weekends}</p>
          </IconCard>
          <IconCard icon={Timer} title={CONTACT_TEXTS.responseHeading} contentClassName="text-sm">
            <p>{CONTACT_TEXTS.response}</p>
          </IconCard>
        </div>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{CONTACT_TEXTS.formHeading}</CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
              <div className="grid gap-4 sm:grid-cols-2">
                {field('name', CONTACT_TEXTS.name, 'input')}
                {field('email', CONTACT_TEXTS.email, 'input', 'email')}
              </div>
              {field('subject', CONTACT_TEXTS.subject, 'input')}
              {field('message', CONTACT_TEXTS.message, 'textarea')}
              {status === 'sent' ? (
                <p role="status" className="text-sm text-green-500">
                  {CONTACT_TEXTS.success}
                </p>
              ) : null}
              {status === 'queued' ? (
                <p role="status" className="text-sm text-amber-500">
                  {CONTACT_TEXTS.queued}
                </p>
              ) : null}
              {status === 'error' ? (
                <p role="alert" className="text-sm text-destructive">
                  {CONTACT_TEXTS.failure}
                </p>
              ) : null}
              <Button type="submit" disabled={status === 'sending'}>
                {status === 'sending' ? CONTACT_TEXTS.sending : CONTACT_TEXTS.send}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
