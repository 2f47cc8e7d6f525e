import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Small form state: values, per-field errors (already translated), a form-level error, and focus
 * moved to the first invalid control whenever errors are shown.
 */
export function useForm<V extends Record<string, string | boolean>>(
  initial: V,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const [values, setValues] = useState<V>(initial);
  const [baseline, setBaseline] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusRequested = useRef(false);

  useEffect(() => {
    if (!focusRequested.current) return;
    focusRequested.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  return {
    values,
    errors,
    formError,
    dirty: Object.keys(values).some((k) => values[k] !== baseline[k]),
    set<K extends keyof V & string>(field: K) {
      return (value: V[K]) => {
        setValues((v) => ({ ...v, [field]: value }));
        setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
      };
    },
    /** Shows errors (replacing the previous ones) and focuses the first invalid field. */
    showErrors(next: Partial<Record<keyof V & string, string>>, general: string | null = null) {
      focusRequested.current = true;
      setErrors(next);
      setFormError(general);
    },
    /** The current values become the clean state (after a successful save). */
    markSaved() {
      setBaseline(values);
    },
  };
}
