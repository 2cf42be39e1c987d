/*
 * The sandbox processor's card-fields page, inside the portal's iframe. It talks to one origin
 * only, the portal's: it posts there with that target origin, and it listens only to messages
 * from that origin sent by the window that embeds it. The card number and CVC go to the
 * processor's /processor/tokens, on this page's own origin (never the portal's, whose scripts
 * cannot read this page), in a POST body, never in a URL; the portal gets a token, the brand and
 * the last four digits. The checks below give quick feedback; the processor checks again, with the
 * same Luhn check (luhn.js, which this module imports).
 */
import { passesLuhn } from './luhn.js';

(() => {
  // Named by the page, never taken from the frame's own origin: the portal lives on another.
  const portalOrigin = document.documentElement.dataset.portalOrigin;
  if (!portalOrigin) return;
  const fields = {
    number: document.getElementById('card-number'),
    expiry: document.getElementById('card-expiry'),
    cvc: document.getElementById('card-cvc'),
  };
  const order = ['number', 'expiry', 'cvc'];
  const maxHeight = 4000;
  let tokenizing = false;
  let reportedHeight = -1;

  function post(message) {
    window.parent.postMessage(message, portalOrigin);
  }

  /**
   * The portal sizes the frame to the page's content (messages shown, text spaced or zoomed by the
   * reader), so nothing is cut off and the frame never scrolls. Whole pixels, rounded up.
   */
  function reportHeight(force) {
    const height = Math.min(maxHeight, Math.ceil(document.body.getBoundingClientRect().height));
    if (height === reportedHeight && !force) return;
    reportedHeight = height;
    post({ type: 'processor.height', height });
  }

  function digitsOf(text) {
    return text.replace(/[\s-]/g, '');
  }

  function isAmex(digits) {
    return digits.startsWith('34') || digits.startsWith('37');
  }

  /**
   * The expiry as people type it: MM/YY or MM/YYYY, with or without spaces around the separator
   * (/, -, . or a space; "12 / 30", "1/30", "12-2030"), or its digits alone (1230, 122030).
   * { month, year } or null.
   */
  function parseExpiry(text) {
    const trimmed = text.trim();
    const parts = /^(\d{1,2})\s*[/.\-\s]\s*(\d{2}|\d{4})$/.exec(trimmed);
    if (parts) {
      const year = Number(parts[2]);
      return { month: Number(parts[1]), year: parts[2].length === 2 ? 2000 + year : year };
    }
    if (/^\d{4}$/.test(trimmed)) return { month: Number(trimmed.slice(0, 2)), year: 2000 + Number(trimmed.slice(2)) };
    if (/^\d{6}$/.test(trimmed)) return { month: Number(trimmed.slice(0, 2)), year: Number(trimmed.slice(2)) };
    return null;
  }

  /**
   * What is wrong with the expiry: false, 'format' (not a month and year: a month past 12, a year
   * 20 or more years ahead, which is a typing mistake) or 'expired' (a month before this one, UTC).
   */
  function expiryProblem(expiry) {
    if (expiry === null || expiry.month < 1 || expiry.month > 12) return 'format';
    const now = new Date();
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
    const value = expiry.year * 12 + expiry.month - 1;
    if (value < current) return 'expired';
    return value > current + 20 * 12 ? 'format' : false;
  }

  /** `wrong`: false, true, or 'expired' for the message of a date that has passed. */
  function showError(name, wrong) {
    const input = fields[name];
    const error = document.getElementById(`${input.id}-error`);
    input.setAttribute('aria-invalid', wrong ? 'true' : 'false');
    error.textContent = wrong === 'expired' ? error.dataset.expired : wrong ? error.dataset.message : '';
    error.hidden = !wrong;
  }

  function checkFields() {
    const number = digitsOf(fields.number.value);
    const expiry = parseExpiry(fields.expiry.value);
    const cvc = fields.cvc.value.trim();
    const wrong = {
      number: !/^\d{12,19}$/.test(number) || !passesLuhn(number),
      expiry: expiryProblem(expiry),
      cvc: !(isAmex(number) ? /^\d{4}$/ : /^\d{3}$/).test(cvc),
    };
    for (const name of order) showError(name, wrong[name]);
    const firstWrong = order.find((name) => wrong[name]);
    if (firstWrong !== undefined) return { firstWrong };
    return { card: { number, expMonth: expiry.month, expYear: expiry.year, cvc } };
  }

  async function requestToken(card) {
    const response = await fetch('/processor/tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(card),
      credentials: 'omit',
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const body = await response.json();
    if (typeof body.token !== 'string' || typeof body.brand !== 'string' || !/^\d{4}$/.test(String(body.last4))) return null;
    return { type: 'processor.token', token: body.token, brand: body.brand, last4: body.last4 };
  }

  async function tokenize() {
    if (tokenizing) return;
    tokenizing = true;
    try {
      const checked = checkFields();
      if (checked.firstWrong !== undefined) {
        fields[checked.firstWrong].focus();
        post({ type: 'processor.invalid' });
        return;
      }
      let message = null;
      try {
        message = await requestToken(checked.card);
      } catch {
        message = null;
      }
      // The CVC is good for one token only; the card number stays for a retry.
      fields.cvc.value = '';
      post(message ?? { type: 'processor.error' });
    } finally {
      tokenizing = false;
    }
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== portalOrigin || event.source !== window.parent) return;
    const data = event.data;
    if (data === null || typeof data !== 'object') return;
    if (data.type === 'processor.tokenize') void tokenize();
    // The portal asks again when it was not listening as this page loaded.
    if (data.type === 'processor.ping') {
      post({ type: 'processor.ready' });
      reportHeight(true);
    }
  });

  // The portal's pay button drives tokenizing; Enter in a field must not submit anything.
  document.getElementById('card-form').addEventListener('submit', (event) => {
    event.preventDefault();
  });

  // A corrected field loses its message at once; the others keep theirs until the next try.
  for (const name of order) {
    fields[name].addEventListener('input', () => {
      if (fields[name].getAttribute('aria-invalid') === 'true') showError(name, false);
    });
  }

  post({ type: 'processor.ready' });
  // It reports once when it starts observing, then on every change of the body's size.
  new ResizeObserver(() => reportHeight(false)).observe(document.body, { box: 'border-box' });
})();
