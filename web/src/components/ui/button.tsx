import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'light';
export type ButtonSize = 'md' | 'lg' | 'sm';

const classes = (variant: ButtonVariant, size: ButtonSize, block: boolean, extra?: string) =>
  ['btn', `btn--${variant}`, size !== 'md' && `btn--${size}`, block && 'btn--block', extra].filter(Boolean).join(' ');

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner, disables the button and sets aria-busy. */
  busy?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', size = 'md', block = false, busy = false, icon, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={classes(variant, size, block, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className="spinner spinner--inline" aria-hidden="true" /> : icon}
      <span>{children}</span>
    </button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink({ variant = 'primary', size = 'md', block = false, className, children, ...rest }: LinkProps & StyleProps) {
  return (
    <Link className={classes(variant, size, block, className)} {...rest}>
      {children}
    </Link>
  );
}

/** A plain anchor (full-page navigation, e.g. to the API host) that looks like a button. */
export function ButtonAnchor({ variant = 'primary', size = 'md', block = false, className, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & StyleProps) {
  return (
    <a className={classes(variant, size, block, className)} {...rest}>
      {children}
    </a>
  );
}

/** A form's one submit button, in the form's actions row. */
export function SubmitActions({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="form__actions">
      <Button type="submit" busy={busy}>
        {children}
      </Button>
    </div>
  );
}
