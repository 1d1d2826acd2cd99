/** How long a toast shows (the API client's, the islands' and the page scripts' alike). */

export const TOAST_SHORT_MS = 1_000;
export const TOAST_MS = 1_500;
