/**
 * The VAPID public key from the build environment (the local stack's keys.json via `npm start`,
 * a deployment's VAPID_PUBLIC_KEY in production). Empty when the build has none.
 */
export function vapidPublicKey(): string {
  const value: unknown = import.meta.env.VITE_VAPID_PUBLIC_KEY;
  return typeof value === 'string' ? value.trim() : '';
}

/** PushManager.subscribe wants the key as bytes; it travels as base64url text. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}
