/**
 * The sandbox processor's card-fields page, which the SPA's card step embeds in an iframe (SAQ A:
 * the card fields belong to the processor, not to the portal). Texts in English or Spanish; the
 * behaviour is in card-fields.js and the look in card-fields.css, separate files because the CSP
 * allows no inline script or style. A document of its own, so it has its own landmark and heading
 * (the heading hidden: the portal's card step already shows one around the frame).
 */
import type { Language } from '@contracts/session';

interface CardFieldsTexts {
  title: string;
  number: string;
  expiry: string;
  cvc: string;
  numberError: string;
  expiryError: string;
  expiredError: string;
  cvcError: string;
}

const texts: Record<Language, CardFieldsTexts> = {
  'en-US': {
    title: 'Card details',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    numberError: 'Enter a valid card number.',
    expiryError: 'Enter the expiry date as on the card: month and year, like 12/30.',
    expiredError: 'This expiry date has passed. Check the date on the card, or use another card.',
    cvcError: 'Enter the 3-digit security code (4 digits for American Express).',
  },
  'es-ES': {
    title: 'Datos de la tarjeta',
    number: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    cvc: 'Código de seguridad (CVC)',
    numberError: 'Introduzca un número de tarjeta válido.',
    expiryError: 'Introduzca la fecha de vencimiento como figura en la tarjeta: mes y año, por ejemplo 12/30.',
    expiredError: 'Esta fecha de vencimiento ya ha pasado. Compruebe la fecha de la tarjeta o use otra tarjeta.',
    cvcError: 'Introduzca el código de seguridad de 3 dígitos (4 dígitos para American Express).',
  },
};

/** The page's language from `?lang=`: Spanish when asked for, else English. */
export function cardFieldsLanguage(lang: string | undefined): Language {
  return lang === 'es-ES' ? 'es-ES' : 'en-US';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.codePointAt(0))};`);
}

interface FieldOptions {
  id: string;
  label: string;
  error: string;
  autocomplete: string;
  maxLength: number;
  /** A second message, for a value that reads well but is out of date (the expiry). */
  expired?: string;
}

function field({ id, label, error, autocomplete, maxLength, expired }: FieldOptions): string {
  const errorId = `${id}-error`;
  const expiredMessage = expired === undefined ? '' : ` data-expired="${escapeHtml(expired)}"`;
  return `<div class="field">
      <label for="${id}">${escapeHtml(label)}</label>
      <input id="${id}" type="text" inputmode="numeric" autocomplete="${autocomplete}" maxlength="${String(maxLength)}" spellcheck="false" autocorrect="off" autocapitalize="off" aria-invalid="false" aria-describedby="${errorId}">
      <p id="${errorId}" class="error" data-message="${escapeHtml(error)}"${expiredMessage} hidden></p>
    </div>`;
}

/** The page. `portalOrigin` is the only origin it talks to, and another than the page's own. */
export function renderCardFieldsPage({ language, portalOrigin }: { language: Language; portalOrigin: string }): string {
  const t = texts[language];
  return `<!doctype html>
<html lang="${language}" data-portal-origin="${escapeHtml(portalOrigin)}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(t.title)}</title>
    <link rel="stylesheet" href="/processor/card-fields.css">
    <script type="module" src="/processor/card-fields.js"></script>
  </head>
  <body>
    <main aria-labelledby="card-title">
    <h1 class="visually-hidden" id="card-title">${escapeHtml(t.title)}</h1>
    <form id="card-form" novalidate>
    ${field({ id: 'card-number', label: t.number, error: t.numberError, autocomplete: 'cc-number', maxLength: 23 })}
    <div class="row">
    ${field({ id: 'card-expiry', label: t.expiry, error: t.expiryError, expired: t.expiredError, autocomplete: 'cc-exp', maxLength: 9 })}
    ${field({ id: 'card-cvc', label: t.cvc, error: t.cvcError, autocomplete: 'cc-csc', maxLength: 4 })}
    </div>
    </form>
    </main>
  </body>
</html>
`;
}
