/** The app's RxDB database; its own module so the service worker can name it without loading RxDB's database code. */
export const DEFAULT_DATABASE_NAME = 'djcircle';
