import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

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
