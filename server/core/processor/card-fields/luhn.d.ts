/** True when the digits (of a card number, without spaces or dashes) pass the Luhn check (luhn.js). */
export declare function passesLuhn(digits: string): boolean;
