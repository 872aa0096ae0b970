/**
 * The rules every toast follows (issue 15), whoever shows it: one region (the one ToastContainer), at most
 * three at once (the oldest goes), newest on top, each with its close button; errors stay until dismissed
 * or until a success shows, the rest close after the screen's time (docs/product.md#screens-and-routes, #constants-and-limits); and none stays over a form's buttons.
 */
import { useEffect } from 'react';
import { toast, type Id } from 'react-toastify';
import { TOAST_LIMIT } from '../config/toast';

/** Room kept between a toast and a button it was moved away from. */
const GAP_PX = 8;

const overlaps = (a: DOMRect, b: DOMRect): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The buttons a user may press next: those of forms, dialogs and the sign-in card (its Google button), where they can be seen. */
function actionButtons(): DOMRect[] {
  return [...document.querySelectorAll<HTMLElement>('form button, form a.btn, [role="dialog"] button, .auth__card .btn')]
    .filter((button) => !button.closest('.Toastify'))
    .map((button) => button.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0);
}

interface Stack {
  atBottom: boolean;
  toasts: DOMRect[];
}

function toastStacks(): Stack[] {
  return [...document.querySelectorAll<HTMLElement>('.Toastify__toast-container')]
    .map((container) => ({ atBottom: container.className.includes('--bottom-'), toasts: [...container.querySelectorAll('.Toastify__toast')].map((node) => node.getBoundingClientRect()) }))
    .filter((stack) => stack.toasts.length > 0);
}

/**
 * Scrolls the page just enough that no toast covers a form's button: up for toasts at the bottom (while
 * they show, the page keeps that much room below its end, --toast-room), down for toasts at the top.
 */
function keepButtonsClear(): void {
  const stacks = toastStacks();
  const room = Math.max(0, ...stacks.filter((stack) => stack.atBottom).map((stack) => window.innerHeight - Math.min(...stack.toasts.map((rect) => rect.top))));
  document.documentElement.style.setProperty('--toast-room', `${Math.ceil(room)}px`);
  const buttons = actionButtons();
  for (const { atBottom, toasts } of stacks) {
    const covered = buttons.filter((button) => toasts.some((rect) => overlaps(button, rect)));
    if (covered.length === 0) continue;
    const top = Math.min(...toasts.map((rect) => rect.top));
    const bottom = Math.max(...toasts.map((rect) => rect.bottom));
    const shift = atBottom ? Math.max(...covered.map((button) => button.bottom - top + GAP_PX)) : -Math.max(...covered.map((button) => bottom - button.top + GAP_PX));
    window.scrollBy({ top: shift, behavior: 'instant' });
  }
}

export function useToastRules(): void {
  useEffect(() => {
    // Shown toasts, oldest first. The newest always shows: past the limit the oldest goes (a queue,
    // the container's `limit`, would hold the newest back behind sticky errors).
    const shown: Id[] = [];
    const errors = new Set<Id>();
    return toast.onChange((item) => {
      if (item.status === 'added') {
        // A success means what went wrong before is over (the form sent, the change saved): its errors go,
        // rather than follow the user to the next screen.
        if (item.type === 'success') for (const error of errors) toast.dismiss(error);
        shown.push(item.id);
        // The product's auto-close times are for news; an error stays until the user has read and closed it, or a success ends it.
        if (item.type === 'error') {
          errors.add(item.id);
          toast.update(item.id, { autoClose: false });
        }
        if (shown.length > TOAST_LIMIT) toast.dismiss(shown[0]);
      } else if (item.status === 'removed' && shown.includes(item.id)) {
        shown.splice(shown.indexOf(item.id), 1);
        errors.delete(item.id);
      }
      // After the toast is laid out; again whenever one has finished entering or leaving (below).
      requestAnimationFrame(keepButtonsClear);
    });
  }, []);
  useEffect(() => {
    const settled = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('.Toastify')) keepButtonsClear();
    };
    document.addEventListener('animationend', settled, true);
    document.addEventListener('transitionend', settled, true);
    return () => {
      document.removeEventListener('animationend', settled, true);
      document.removeEventListener('transitionend', settled, true);
    };
  }, []);
}
