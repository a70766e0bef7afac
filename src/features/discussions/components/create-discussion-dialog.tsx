import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { AppDatabase } from '@/db/database';
import { sharedBody, useSharedItem } from '@/lib/use-shared-item';
import { dropSharedItem } from '@/lib/worker-store';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import { CREATE_TEXT, DISCUSSION_CATEGORIES, OTHER_CATEGORY, TITLE_MAX_LENGTH, CUSTOM_CATEGORY_MAX_LENGTH } from '../constants';
import { useLocalDraft } from '../hooks/use-local-draft';
import { discussionDraftInput, EMPTY_DISCUSSION_INPUT } from '../model/drafts';
import { newDiscussionDraftId } from '../model/ids';
import { createDiscussion, saveDiscussionDraft } from '../model/writes';
import type { Viewer } from '../model/types';
import { validateNewDiscussion, type NewDiscussionInput } from '../validation';
import { MarkdownTextarea } from './markdown-textarea';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  db: AppDatabase;
  viewer: NonNullable<Viewer>;
  avatarUrl: string | null;
  /** a link or text shared into the app, put into the form once (after any draft, never over it) */
  sharedId?: string;
};

export function CreateDiscussionDialog({ open, onOpenChange, db, viewer, avatarUrl, sharedId }: Props) {
  const [form, setForm] = useState<NewDiscussionInput>(EMPTY_DISCUSSION_INPUT);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const online = useConnectivityStore((s) => s.online);

  // What the member typed survives closing the dialog, a reload and an app restart, until the discussion is created.
  const draft = useLocalDraft({
    db,
    draftId: newDiscussionDraftId(viewer.id),
    memberId: viewer.id,
    value: form,
    onRestore: (stored) => setForm(discussionDraftInput(stored)),
    onRemoved: () => setForm(EMPTY_DISCUSSION_INPUT),
    save: (input) => saveDiscussionDraft(db, viewer.id, input),
  });

  const set = (patch: Partial<NewDiscussionInput>) => {
    draft.touch();
    setForm((f) => ({ ...f, ...patch }));
  };

  const shared = useSharedItem(sharedId);
  const sharedApplied = useRef(false);
  useEffect(() => {
    if (!shared || !draft.restored || sharedApplied.current) return;
    sharedApplied.current = true;
    const body = sharedBody(shared);
    draft.touch();
    // Opening the same share twice (a reload) must not paste it twice; a draft's own words stay first.
    setForm((f) => ({
      ...f,
      title: f.title || shared.title,
      content: !body || f.content.includes(body) ? f.content : f.content ? `${f.content}\n\n${body}` : body,
    }));
  }, [shared, draft]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const result = validateNewDiscussion(form);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await createDiscussion(db, { ...viewer, avatar_url: avatarUrl }, result.value);
      toast({
        variant: 'success',
        title: CREATE_TEXT.success.title,
        description: online ? CREATE_TEXT.success.description : `${CREATE_TEXT.success.description} ${CREATE_TEXT.queuedNote}`,
      });
      await draft.clear();
      // What was shared is kept on the device until it is posted.
      if (sharedId) await dropSharedItem(sharedId).catch(() => undefined);
      setForm(EMPTY_DISCUSSION_INPUT);
      onOpenChange(false);
    } catch (err) {
      const failed = CREATE_TEXT.failed(err instanceof Error ? err.message : String(err));
      toast({ variant: 'destructive', ...failed });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        // Escape in the text while members are suggested closes the suggestions, not the dialog.
        onEscapeKeyDown={(e) => {
          if (e.target instanceof HTMLTextAreaElement && e.target.hasAttribute('aria-controls')) e.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{CREATE_TEXT.dialogTitle}</DialogTitle>
          <DialogDescription>{CREATE_TEXT.dialogDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor="new-discussion-title">{CREATE_TEXT.titleLabel}</Label>
            <Input
              id="new-discussion-title"
              value={form.title}
              maxLength={TITLE_MAX_LENGTH}
              placeholder={CREATE_TEXT.titlePlaceholder}
              onChange={(e) => set({ title: e.target.value })}
              required
            />
          </div>
          <div className="grid gap-2">
            <Label id="new-discussion-category-label">{CREATE_TEXT.categoryLabel}</Label>
            <Select value={form.category} onValueChange={(category) => set({ category })}>
              <SelectTrigger aria-labelledby="new-discussion-category-label" data-testid="new-discussion-category">
                <SelectValue placeholder={CREATE_TEXT.categoryPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {DISCUSSION_CATEGORIES.map((c) => (
                  <SelectItem key={c} value={c}>
                    {c}
                  </SelectItem>
                ))}
                <SelectItem value={OTHER_CATEGORY}>{OTHER_CATEGORY}</SelectItem>
              </SelectContent>
            </Select>
          </div>
          {form.category === OTHER_CATEGORY ? (
            <div className="grid gap-2">
              <Label htmlFor="new-discussion-custom">{CREATE_TEXT.customCategoryLabel}</Label>
              <Input
                id="new-discussion-custom"
                value={form.customCategory}
                maxLength={CUSTOM_CATEGORY_MAX_LENGTH}
                placeholder={CREATE_TEXT.customCategoryPlaceholder}
                onChange={(e) => set({ customCategory: e.target.value })}
              />
            </div>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor="new-discussion-content">{CREATE_TEXT.contentLabel}</Label>
            <MarkdownTextarea
              id="new-discussion-content"
              value={form.content}
              placeholder={CREATE_TEXT.contentPlaceholder}
              onValueChange={(content) => set({ content })}
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {CREATE_TEXT.cancel}
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? CREATE_TEXT.submitting : CREATE_TEXT.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
