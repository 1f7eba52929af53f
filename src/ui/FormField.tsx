/**
 * One field of an island's form: the label, the control (children) and, under it, a hint or the
 * error (role="alert" so it is read out when it appears). `controlProps` gives the control its
 * id, aria-invalid and aria-describedby, so the error and the hint belong to it. The classes
 * default to the kit's look (FormField.css); a form with a look of its own passes its classes.
 */
import type { ReactNode } from 'react';
import './FormField.css';

interface Props {
  /** The control's id: the label points at it, the hint and error are named after it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The message to show, or nothing while the field is fine. */
  error?: string | null | undefined;
  children: ReactNode;
  className?: string;
  errorClassName?: string;
}

const hintId = (id: string) => `${id}-hint`;
const errorId = (id: string) => `${id}-error`;

/** The control's side of the wiring: spread on the input, textarea or select. */
export function controlProps(
  id: string,
  { error, hint }: { error?: string | null | undefined; hint?: ReactNode } = {},
) {
  const described = [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': described || undefined };
}

export function FormField({
  id,
  label,
  hint,
  error,
  children,
  className = 'ui-field',
  errorClassName = 'ui-field-error',
}: Props) {
  return (
    <>
      <div className={className}>
        <label htmlFor={id}>{label}</label>
        {children}
      </div>
      {hint && (
        <p className="ui-field-hint" id={hintId(id)}>
          {hint}
        </p>
      )}
      {error && (
        <p className={errorClassName} id={errorId(id)} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
