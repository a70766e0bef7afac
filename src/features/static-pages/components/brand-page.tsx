import { PageHeader } from '@/components/ui/page-header';
import { STATIC_TEXTS } from '../constants';
import { LegalSection } from './legal-section';

const COLOURS = [
  { name: 'Circle Violet', value: 'hsl(var(--primary))', note: 'Primary actions and highlights' },
  { name: 'Night', value: 'hsl(var(--background))', note: 'Backgrounds (dark theme by default)' },
  { name: 'Signal', value: 'hsl(var(--foreground))', note: 'Text' },
] as const;

export function BrandPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={`${STATIC_TEXTS.brandTitle} Guidelines`} subtitle="How to write and show DJCircle." />
      <LegalSection heading="Name">
        <p>Write DJCircle as one word with a capital D, J and C. Not "DJ Circle", "Djcircle" or "DJC".</p>
      </LegalSection>
      <LegalSection heading="Logo and icon">
        <p>Use the app icon as provided, with clear space around it equal to a quarter of its width. Do not stretch, recolour or add effects.</p>
        <img src="/icons/icon-192.png" alt="DJCircle app icon" width={96} height={96} className="rounded-xl" />
      </LegalSection>
      <LegalSection heading="Colours">
        <ul className="grid gap-3 sm:grid-cols-3">
          {COLOURS.map((c) => (
            <li key={c.name} className="rounded-md border p-3">
              <div className="mb-2 h-12 rounded" style={{ background: c.value }} aria-hidden />
              <p className="font-medium text-foreground">{c.name}</p>
              <p className="text-xs">{c.note}</p>
            </li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection heading="Voice">
        <p>Friendly, direct and knowledgeable, like a good resident DJ talking to the crowd after the set. Short sentences, real words, no hype.</p>
      </LegalSection>
      <LegalSection heading="Press">
        <p>For press kits and partnership requests, write to partners@djcircle.app.</p>
      </LegalSection>
    </div>
  );
}
