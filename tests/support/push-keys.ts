import { createECDH, randomBytes } from 'node:crypto';

/**
 * Keys shaped as a browser's PushSubscription.toJSON() gives them (base64url, no padding): the
 * database refuses a subscription whose keys Web Push encryption could not use.
 */
export function browserPushKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
