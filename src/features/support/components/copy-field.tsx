import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/stores/toast-store';
import { SUPPORT_MESSAGES } from '../constants';

/** A value with a copy button; the button confirms for a moment after copying. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ variant: 'success', title: SUPPORT_MESSAGES.copied, description: SUPPORT_MESSAGES.copiedDescription });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ variant: 'destructive', title: SUPPORT_MESSAGES.copyFailed });
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex items-center gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 break-all rounded-md border bg-muted px-3 py-2 text-sm">
          {value}
        </code>
        <Button type="button" variant="outline" onClick={() => void copy()} aria-label={`${SUPPORT_MESSAGES.copy} ${label}`}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? SUPPORT_MESSAGES.copied : SUPPORT_MESSAGES.copy}
        </Button>
      </div>
    </div>
  );
}
