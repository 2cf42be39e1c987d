/*
 * The Luhn check of a card number, once: the processor's checks (card-rules.ts) import it, and the
 * card-fields page loads this same file as a module (card-fields.js) for quick feedback, so the
 * page and the processor cannot disagree about a number. Plain JavaScript, since the page runs it
 * as served; luhn.d.ts gives its type to the server's TypeScript.
 */

/** True when the digits (of a card number, without spaces or dashes) pass the Luhn check. */
export function passesLuhn(digits) {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
