/// <reference lib="webworker" />
/**
 * The phone's share sheet POSTs here (multipart/form-data). What was shared is kept in IndexedDB, so it survives
 * having no signal and a sign-in first, and the member is sent to the form that takes it.
 */
import { SHARE_FIELDS, SHARE_TARGET_PATH, SHARED_PATH } from '../src/app/pwa/share-target';
import { keepSharedItem } from '../src/lib/worker-store';

declare const self: ServiceWorkerGlobalScope;

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

async function receiveShare(request: Request): Promise<Response> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.redirect(SHARED_PATH, 303);
  }
  const file = form.get(SHARE_FIELDS.file);
  const id = self.crypto.randomUUID();
  await keepSharedItem({
    id,
    title: field(form, SHARE_FIELDS.title),
    text: field(form, SHARE_FIELDS.text),
    url: field(form, SHARE_FIELDS.url),
    file: file instanceof File && file.size > 0 ? file : null,
    fileName: file instanceof File && file.size > 0 ? file.name : null,
    at: Date.now(),
  });
  return Response.redirect(`${SHARED_PATH}?shared=${encodeURIComponent(id)}`, 303);
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== SHARE_TARGET_PATH) return;
  event.respondWith(receiveShare(event.request));
});
