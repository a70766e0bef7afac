import { useNavigate } from '@tanstack/react-router';
import { AlertCircle, UploadCloud, WifiOff } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { NativeSelect } from '@/components/ui/native-select';
import { useFormDraft } from '@/lib/use-form-draft';
import { sharedFile, useSharedItem } from '@/lib/use-shared-item';
import { dropSharedItem } from '@/lib/worker-store';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast, type ToastHandle } from '@/stores/toast-store';
import {
  CONTENT_ACCEPT,
  CONTENT_TEXTS,
  CONTENT_TOASTS,
  CONTENT_TYPES,
  COVER_ACCEPT,
  DEFAULT_CONTENT_TYPE,
  DEFAULT_IS_PUBLIC,
  GENRES,
  UPLOAD_ERRORS,
  type ContentType,
} from '../constants';
import { submitContent } from '../model/submit-content';
import { parseContentDetails, parseTags, validateAddContent, type ContentDetails } from '../validation';

export type ContentMember = { id: string; username: string } | null;

/** /add-content: upload a track, mix or sample pack; `sharedId` attaches a file shared into the app from the phone. */
export function AddContentScreen({ member, sharedId }: { member: ContentMember; sharedId?: string }) {
  const navigate = useNavigate();
  const online = useConnectivityStore((s) => s.online);
  const [details, setDetails] = useState<ContentDetails>({
    title: '',
    description: '',
    type: DEFAULT_CONTENT_TYPE,
    genre: '',
    tags: '',
    isPublic: DEFAULT_IS_PUBLIC,
  });
  const { title, description, type, genre, tags, isPublic } = details;
  // What was typed comes back after a reload or a crash; the chosen files cannot be kept and are picked again.
  const draft = useFormDraft({ key: member ? `add-content:${member.id}` : null, value: details, parse: parseContentDetails, onRestore: setDetails });
  const set =
    <K extends keyof ContentDetails>(key: K) =>
    (value: ContentDetails[K]) => {
      draft.touch();
      setDetails((d) => ({ ...d, [key]: value }));
    };
  const [contentFile, setContentFile] = useState<File | null>(null);
  const [coverFile, setCoverFile] = useState<File | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = progress !== null;
  const shared = useSharedItem(sharedId);
  const presetFile = useMemo(() => sharedFile(shared), [shared]);
  useEffect(() => {
    if (!shared) return;
    setContentFile(presetFile);
    // The title field is only filled when the member has not typed one.
    if (shared.title) setDetails((d) => (d.title ? d : { ...d, title: shared.title }));
  }, [shared, presetFile]);
  // The last failure's toast is taken down when the next upload starts, so it does not sit over a new attempt.
  const failedToast = useRef<ToastHandle | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const invalid = validateAddContent({ userId: member?.id ?? null, title, contentFile, coverFile, agreed });
    if (invalid) {
      setError(invalid.inline);
      toast({ ...invalid.toast, variant: 'destructive' });
      return;
    }
    if (!online) {
      setError(UPLOAD_ERRORS.offline);
      return;
    }
    failedToast.current?.dismiss();
    failedToast.current = null;
    setProgress(0);
    try {
      await submitContent(
        { userId: member!.id, title, description, type, genre, tags: parseTags(tags), contentFile: contentFile!, coverFile, isPublic },
        setProgress,
      );
      draft.clear();
      // The shared file is kept on the device until it is uploaded.
      if (sharedId) await dropSharedItem(sharedId).catch(() => undefined);
      toast({ title: CONTENT_TOASTS.successTitle, description: CONTENT_TOASTS.successDescription, variant: 'success' });
      await navigate({ to: '/profile/$username', params: { username: member!.username } });
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : CONTENT_TOASTS.uploadFailedFallback;
      setError(message);
      failedToast.current = toast({ title: CONTENT_TOASTS.uploadFailedTitle, description: message, variant: 'destructive' });
      setProgress(null);
    }
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={CONTENT_TEXTS.pageTitle} subtitle={CONTENT_TEXTS.pageSubtitle} icon={<UploadCloud />} />
      {!online ? (
        <div role="status" className="mb-4 flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{CONTENT_TEXTS.offlineNotice}</span>
        </div>
      ) : null}
      {error ? (
        <div role="alert" className="mb-4 flex items-start gap-2 rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm text-destructive">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span data-testid="upload-error">{error}</span>
        </div>
      ) : null}
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={onSubmit} className="space-y-5" noValidate>
            <div className="space-y-2">
              <Label htmlFor="content-title">Title</Label>
              <Input id="content-title" value={title} onChange={(e) => set('title')(e.target.value)} maxLength={200} disabled={uploading} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="content-description">Description</Label>
              <Textarea id="content-description" value={description} onChange={(e) => set('description')(e.target.value)} rows={4} disabled={uploading} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-2">
                <Label htmlFor="content-type">Content Type</Label>
                <NativeSelect id="content-type" value={type} onChange={(e) => set('type')(e.target.value as ContentType)} disabled={uploading}>
                  {CONTENT_TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="space-y-2">
                <Label htmlFor="content-genre">Genre</Label>
                <NativeSelect id="content-genre" value={genre} onChange={(e) => set('genre')(e.target.value)} disabled={uploading}>
                  <option value="">Select a genre</option>
                  {GENRES.map((g) => (
                    <option key={g} value={g}>
                      {g}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <div className="space-y-2">
              <Label htmlFor="content-tags">Tags</Label>
              <Input id="content-tags" value={tags} onChange={(e) => set('tags')(e.target.value)} aria-describedby="content-tags-hint" disabled={uploading} />
              <p id="content-tags-hint" className="text-xs text-muted-foreground">
                {CONTENT_TEXTS.tagsHint}
              </p>
            </div>
            <FileField
              id="content-file"
              label="Content File"
              accept={CONTENT_ACCEPT}
              hint={CONTENT_TEXTS.contentFileHint}
              disabled={uploading}
              onFile={setContentFile}
              preset={presetFile}
            />
            <FileField
              id="cover-file"
              label="Cover Image (optional)"
              accept={COVER_ACCEPT}
              hint={CONTENT_TEXTS.coverHint}
              disabled={uploading}
              onFile={setCoverFile}
            />
            <div className="flex items-center gap-3">
              <Switch id="content-public" checked={isPublic} onCheckedChange={set('isPublic')} disabled={uploading} />
              <Label htmlFor="content-public">{CONTENT_TEXTS.publicLabel}</Label>
            </div>
            <div className="flex items-start gap-3 rounded-md border p-3">
              <Checkbox id="content-ownership" checked={agreed} onCheckedChange={(v) => setAgreed(v === true)} disabled={uploading} />
              <Label htmlFor="content-ownership" className="text-sm leading-snug">
                {CONTENT_TEXTS.ownership}
              </Label>
            </div>
            {uploading ? (
              <div className="space-y-1">
                <Progress value={progress} aria-label="Upload progress" />
                <p className="text-xs text-muted-foreground" data-testid="upload-progress">
                  {progress}%
                </p>
              </div>
            ) : null}
            <Button type="submit" className="w-full" disabled={!agreed || uploading}>
              {uploading ? CONTENT_TEXTS.uploading : CONTENT_TEXTS.submit}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

type FileFieldProps = {
  id: string;
  label: string;
  accept: string;
  hint: string;
  disabled: boolean;
  onFile: (file: File | null) => void;
  /** a file already chosen elsewhere (shared into the app), shown in the picker as if picked */
  preset?: File | null;
};

/** A labelled file picker with its hint read out by screen readers. */
function FileField({ id, label, accept, hint, disabled, onFile, preset }: FileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!preset || !input.current) return;
    const picked = new DataTransfer();
    picked.items.add(preset);
    input.current.files = picked.files;
  }, [preset]);
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
