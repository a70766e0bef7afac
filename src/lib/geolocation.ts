/** The browser's location feature, as sign-up and profile settings use it. */

export const GEOLOCATION_MESSAGES = {
  unsupported: "Your browser doesn't support geolocation.",
  denied: 'Location permission denied. Please enable it in your browser settings.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  failed: 'Could not detect location.',
  successTitle: 'Location Detected',
  successDescription: 'Location captured. You can edit this later.',
} as const;

/** Latitude and longitude with 4 decimals. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
}

export function geolocationErrorMessage(code: number | undefined): string {
  switch (code) {
    case 1:
      return GEOLOCATION_MESSAGES.denied;
    case 2:
      return GEOLOCATION_MESSAGES.unavailable;
    case 3:
      return GEOLOCATION_MESSAGES.timeout;
    default:
      return GEOLOCATION_MESSAGES.failed;
  }
}

/** Resolves with "lat, lng"; rejects with an Error carrying one of GEOLOCATION_MESSAGES. */
export function detectLocation(geo: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation): Promise<string> {
  if (!geo) return Promise.reject(new Error(GEOLOCATION_MESSAGES.unsupported));
  return new Promise((resolve, reject) => {
    geo.getCurrentPosition(
      (position) => resolve(formatCoordinates(position.coords.latitude, position.coords.longitude)),
      (error) => reject(new Error(geolocationErrorMessage(error?.code))),
      { timeout: 10_000 },
    );
  });
}
