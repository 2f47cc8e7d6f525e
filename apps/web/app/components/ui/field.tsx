import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface FieldShellProps {
  label: ReactNode;
  error?: string | null;
  hint?: string;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** Label, hint and error wired to the control (aria-invalid, aria-describedby). */
function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>;

export function TextField({
  label,
  error,
  hint,
  value,
  onChange,
  ...input
}: InputProps & {
  label: string;
  error?: string | null;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(a11y) => (
        <input className="input" value={value} onChange={(e) => onChange(e.target.value)} {...input} {...a11y} />
      )}
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  value,
  onChange,
  options,
  placeholder,
  name,
  required,
  autoComplete,
  disabled,
}: {
  label: string;
  error?: string | null;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  placeholder?: string;
  name: string;
  required?: boolean;
  autoComplete?: string;
  disabled?: boolean;
}) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(a11y) => (
        <select
          className="select"
          name={name}
          value={value}
          required={required}
          autoComplete={autoComplete}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          {...a11y}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A multi-line text field, styled like the one-line ones. */
export function TextAreaField({
  label,
  error,
  hint,
  value,
  onChange,
  name,
  rows = 2,
  maxLength,
  disabled,
}: {
  label: string;
  error?: string | null;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  rows?: number;
  maxLength?: number;
  disabled?: boolean;
}) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(a11y) => (
        <textarea
          className="input input--area"
          name={name}
          value={value}
          rows={rows}
          maxLength={maxLength}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          {...a11y}
        />
      )}
    </FieldShell>
  );
}

/**
 * A file picker in the app's style: the browser's own button and "no file chosen" text are
 * restyled (`.file-input`), keeping the native control for the keyboard, screen readers and drop.
 */
export function FileField({
  label,
  error,
  hint,
  name,
  accept,
  inputRef,
  describedBy,
  disabled,
  onChange,
}: {
  label: string;
  error?: string | null;
  hint?: string;
  name: string;
  accept?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Another element that describes the file (what is accepted), read with the field's own hint. */
  describedBy?: string;
  disabled?: boolean;
  onChange?: () => void;
}) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(a11y) => (
        <input
          ref={inputRef}
          className="file-input"
          type="file"
          name={name}
          accept={accept}
          disabled={disabled}
          onChange={onChange}
          {...a11y}
          aria-describedby={[describedBy, a11y['aria-describedby']].filter(Boolean).join(' ') || undefined}
        />
      )}
    </FieldShell>
  );
}

export function CheckField({
  label,
  error,
  checked,
  onChange,
  name,
}: {
  label: ReactNode;
  error?: string | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
