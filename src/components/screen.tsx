import { useId, type ReactNode } from 'react';

interface ScreenProps {
  /** The screen's h1: focus moves here after each navigation. */
  title: ReactNode;
  /** A narrow column, for forms. */
  narrow?: boolean;
  children?: ReactNode;
}

/** Every screen's frame: a section named by its one h1. */
export function Screen({ title, narrow = false, children }: ScreenProps) {
  const titleId = useId();
  return (
    <section className={narrow ? 'screen screen-narrow' : 'screen'} aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {children}
    </section>
  );
}
