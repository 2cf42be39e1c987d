import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface TextFieldProps
  extends Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'maxLength' | 'inputMode' | 'onBlur' | 'disabled'> {
  label: ReactNode;
  /** What the value must be like, read with the field (a password's rules). */
  hint?: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated message when the value is not right; the field is then marked invalid. */
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/** What a field's control carries so its label, hint and problem belong to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One field's frame: its label, its hint and its problem, tied to the control for screen readers
 * (`aria-describedby`, `aria-invalid`). The control itself (an input, a select) is the caller's.
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter((part) => part !== null).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy === '' ? undefined : describedBy })}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text input whose error message is tied to it for screen readers. */
export function TextField({ label, hint, name, value, onChange, error, inputRef, type = 'text', ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...inputProps}
          {...control}
          ref={inputRef}
          name={name}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
