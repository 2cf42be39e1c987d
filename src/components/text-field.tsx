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

/** A labelled text input whose error message is tied to it for screen readers. */
export function TextField({ label, hint, name, value, onChange, error, inputRef, type = 'text', ...inputProps }: TextFieldProps) {
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
      <input
        {...inputProps}
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
      />
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
