import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/stores/toast-store';
import { ADMIN_TEXTS, ADMIN_TOASTS, draftCreatedText } from '../constants';
import { createDraftPost, generateDraft } from '../model/admin-api';
import { draftSlug, finalDraftTitle, titleFromGenerated } from '../model/draft';

export function AiDraftGenerator({ authorId }: { authorId: string | null }) {
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);

  async function generate() {
    if (prompt.trim() === '') {
      toast({ title: ADMIN_TOASTS.promptEmptyTitle, description: ADMIN_TOASTS.promptEmptyDescription, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const text = await generateDraft(prompt.trim());
      setBody(text);
      setTitle(titleFromGenerated(text));
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : ADMIN_TOASTS.aiFailedFallback;
      toast({ title: ADMIN_TOASTS.aiFailed, description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function createDraft() {
    if (body.trim() === '' || !authorId) {
      toast({ title: ADMIN_TOASTS.draftFailed, description: ADMIN_TOASTS.missingContent, variant: 'destructive' });
      return;
    }
    setSaving(true);
    const finalTitle = finalDraftTitle(title);
    try {
      await createDraftPost({ title: finalTitle, slug: draftSlug(finalTitle), markdown: body, authorId });
      toast({ title: ADMIN_TOASTS.draftCreated, description: draftCreatedText(finalTitle), variant: 'success' });
      setPrompt('');
      setTitle('');
      setBody('');
    } catch (err) {
      toast({ title: ADMIN_TOASTS.draftFailed, description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-primary" aria-hidden />
          {ADMIN_TEXTS.aiTitle}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1">
          <Label htmlFor="ai-prompt">{ADMIN_TEXTS.aiPromptLabel}</Label>
          <Textarea id="ai-prompt" rows={3} value={prompt} placeholder={ADMIN_TEXTS.aiPromptPlaceholder} onChange={(e) => setPrompt(e.target.value)} />
        </div>
        <Button onClick={() => void generate()} disabled={prompt.trim() === '' || busy}>
          <Sparkles aria-hidden />
          {busy ? ADMIN_TEXTS.generating : ADMIN_TEXTS.generate}
        </Button>
        <div className="space-y-1">
          <Label htmlFor="ai-title">{ADMIN_TEXTS.draftTitleLabel}</Label>
          <Input id="ai-title" value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="ai-body">{ADMIN_TEXTS.draftBodyLabel}</Label>
          <Textarea id="ai-body" rows={12} value={body} onChange={(e) => setBody(e.target.value)} />
        </div>
        <Button onClick={() => void createDraft()} disabled={saving}>
          {saving ? ADMIN_TEXTS.creatingDraft : ADMIN_TEXTS.createDraft}
        </Button>
      </CardContent>
    </Card>
  );
}
