import { createRoot } from 'react-dom/client';
/*
 * Shown only when no message catalog could be loaded, so Lingui has nothing to translate with:
 * the text is written here in both languages at once, each part marked with its own language.
 */

/** The portal could not load any language: says so in English and Spanish and offers to try again. */
export default function LanguageUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="screen screen-narrow screen-alone" aria-labelledby="language-unavailable-title">
      <h1 id="language-unavailable-title">
        <span lang="en-US">The portal could not load</span>
        {' · '}
        <span lang="es-ES">No se pudo cargar el portal</span>
      </h1>
      <div className="notice notice-error" role="alert">
        <p lang="en-US">Check your internet connection, then try again.</p>
        <p lang="es-ES">Compruebe su conexión a internet y vuelva a intentarlo.</p>
      </div>
      <div className="actions">
        <button type="button" className="button" onClick={onRetry}>
          <span lang="en-US">Try again</span>
          {' · '}
          <span lang="es-ES">Reintentar</span>
        </button>
      </div>
    </main>
  );
}

/**
 * A server-rendered page whose text could not be loaded gives way to the notice: without its
 * messages the app cannot take the page over. Try again loads the page anew.
 */
export function replacePage(root: HTMLElement): void {
  createRoot(root).render(<LanguageUnavailable onRetry={() => window.location.reload()} />);
}
