/**
 * The language of what the labs' own data says (invoice descriptions): their billing systems write
 * English. Marked on the text, so a screen reader on a Spanish page reads it as English.
 */
export const labDataLanguage = 'en';
