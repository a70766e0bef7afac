import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Merges class names, letting later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's map of Tailwind's classes, which its first call does (several milliseconds of a
 * throttled phone's main thread, in one piece): the entry calls this in a task of its own, so the first
 * screen's render, which calls `cn` in nearly every component, does not pay it inside one of its slices.
 */
export function warmUpClassMerging(): void {
  twMerge('px-2 py-1', 'px-3');
}

/**
 * A count with thousands separators, as en-US writes it (12,345). Not `toLocaleString`: its first call in a
 * page loads the ICU number data, about 80 ms of an unthrottled desktop's main thread, on the first screen.
 */
export function formatCount(n: number): string {
  const [whole, fraction] = String(Math.abs(n)).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Orders display text (categories, names) case-insensitively, then by case. Not `localeCompare`: its first call
 * in a page sets up ICU's collator, tens of ms of a phone's main thread, on the first screen.
 */
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
