import { useId, type ReactNode } from 'react';

/** Checkboxes for a form field kept as the chosen values separated by spaces. */
export function Choices<T extends string>({
  legend,
  hint,
  options,
  chosen,
  nameOf,
  onChange,
  error,
  inputRef,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly T[];
  chosen: readonly T[];
  nameOf: (option: T) => string;
  onChange: (text: string) => void;
  error?: string | undefined;
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter((part) => part !== null).join(' ') || undefined;
  return (
    <fieldset className="field office-choices" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {options.map((option, index) => (
        <label key={option} className="choice">
          <input
            type="checkbox"
            ref={index === 0 ? inputRef : undefined}
            aria-invalid={error ? true : undefined}
            checked={chosen.includes(option)}
            onChange={(event) => onChange(options.filter((each) => (each === option ? event.target.checked : chosen.includes(each))).join(' '))}
          />{' '}
          {nameOf(option)}
        </label>
      ))}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
