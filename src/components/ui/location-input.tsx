import { Loader2, LocateFixed } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDetectLocation } from '@/lib/use-detect-location';

/** A location text field with a button that fills it from the browser's location (sign-up and profile settings). */
export function LocationInput({ onDetected, ...props }: ComponentProps<'input'> & { onDetected: (location: string) => void }) {
  const { locating, detect } = useDetectLocation(onDetected);
  return (
    <div className="flex gap-2">
      <Input {...props} />
      <Button type="button" variant="outline" onClick={() => void detect()} disabled={locating} aria-label="Detect my location">
        {locating ? <Loader2 className="animate-spin" aria-hidden /> : <LocateFixed aria-hidden />}
      </Button>
    </div>
  );
}
