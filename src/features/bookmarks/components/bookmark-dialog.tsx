import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { BOOKMARK_NOTE_MAX, type BookmarkableType } from '@/db/schemas/pinned';
import { BOOKMARK_TEXT } from '../constants';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  type: BookmarkableType;
  /** the item is bookmarked already: the dialog offers to remove it */
  bookmarked: boolean;
  note: string;
  onNoteChange: (note: string) => void;
  /** the reminder as a datetime-local input's value ('' for none) */
  remindAt: string;
  onRemindAtChange: (value: string) => void;
  error: string | null;
  onSave: () => void;
  onRemove: () => void;
};

/** A bookmark's note and reminder; the button that opens it holds what is typed (loaded on first open). */
export function BookmarkDialog({ open, onOpenChange, type, bookmarked, note, onNoteChange, remindAt, onRemindAtChange, error, onSave, onRemove }: Props) {
  const noteId = useId();
  const remindId = useId();
  const errorId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{BOOKMARK_TEXT.dialogTitle[type]}</DialogTitle>
          <DialogDescription>{BOOKMARK_TEXT.dialogDescription}</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <div className="space-y-2">
            <Label htmlFor={noteId}>{BOOKMARK_TEXT.noteLabel}</Label>
            <Textarea id={noteId} value={note} maxLength={BOOKMARK_NOTE_MAX} onChange={(e) => onNoteChange(e.target.value)} rows={3} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={remindId}>{BOOKMARK_TEXT.remindLabel}</Label>
            <Input
              id={remindId}
              type="datetime-local"
              value={remindAt}
              onChange={(e) => onRemindAtChange(e.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter className="gap-2">
            {bookmarked ? (
              <Button type="button" variant="ghost" onClick={onRemove}>
                {BOOKMARK_TEXT.remove}
              </Button>
            ) : null}
            <Button type="submit">{BOOKMARK_TEXT.save}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
