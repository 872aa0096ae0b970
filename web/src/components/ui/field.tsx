import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { COMMON_TEXTS } from '@web/config/texts';
import './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** A control inside the input's box, after the text (the password field's show/hide). */
  action?: (inputId: string) => ReactNode;
}

/** A labelled input with an optional hint and error, wired with aria-describedby. */
export function TextField({ label, hint, error, action, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {action ? (
        <div className="input-group">
          <input id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
          {action(id)}
        </div>
      ) : (
        <input id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      )}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

const EYE = 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12ZM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z';
const EYE_OFF = 'M3 3l18 18M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.9 8.3 2 12 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2';

/**
 * A password input with a show/hide toggle (issue 15): a real button with a fixed name and aria-pressed,
 * so a screen reader hears "Show password, toggle button, pressed" rather than a changing label.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'action'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      action={(inputId) => (
        <button
          type="button"
          className="input-group__toggle"
          aria-label={COMMON_TEXTS.showPassword}
          aria-pressed={shown}
          aria-controls={inputId}
          title={shown ? COMMON_TEXTS.hidePassword : COMMON_TEXTS.showPassword}
          disabled={props.disabled}
          onClick={() => setShown((value) => !value)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
            <path d={shown ? EYE_OFF : EYE} />
          </svg>
        </button>
      )}
    />
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
}

export function CheckboxField({ label, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={['checkbox', className].filter(Boolean).join(' ')}>
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

const asOption = (option: string | SelectOption): SelectOption => (typeof option === 'string' ? { value: option, label: option } : option);

/** A select's options, one for each choice: a text that is its own value, or a value with the text shown for it. */
export function Options({ options }: { options: readonly (string | SelectOption)[] }) {
  return options.map(asOption).map(({ value, label }) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  /** Each choice: a text that is its own value, or a value with the text shown for it. */
  options: readonly (string | SelectOption)[];
  /** The first, empty choice ('' = not set). */
  placeholder?: string;
  hint?: ReactNode;
}

/** A labelled native select. */
export function SelectField({ label, options, placeholder, hint, className, ...select }: SelectFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input select" aria-describedby={hintId} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        <Options options={options} />
      </select>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
