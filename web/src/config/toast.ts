import type { ToastOptions } from 'react-toastify';

/**
 * docs/product.md#screens-and-routes, #constants-and-limits: toasts appear top-right and close after 3 s ... Issue 15 adds: at most three at
 * once, newest on top, and errors stay until closed or a success ends them (app/toast-rules.ts), so the times below are for the rest.
 */
export const TOAST_LIMIT = 3;

/** ... top-right, 3 s ... */
export const DEFAULT_TOAST = { position: 'top-right', autoClose: 3000 } as const satisfies ToastOptions;

/** ... except on the signup and verify screens: bottom-center, 4 s. */
export const SIGNUP_TOAST = { position: 'bottom-center', autoClose: 4000 } as const satisfies ToastOptions;
