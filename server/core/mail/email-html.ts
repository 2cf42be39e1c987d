/**
 * The HTML part of an email that was written as plain text only: the same words, escaped, with
 * paragraphs, line breaks, indentation and clickable links kept. Inline styles and no layout
 * tricks, because mail clients (Outlook's Word engine above all) ignore most of CSS.
 */

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.codePointAt(0))};`);
}

/** http(s) links up to the next space or angle bracket. */
const LINK = /https?:\/\/[^\s<>"]+/g;
/** Punctuation that ends a sentence after a link rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"]+$/;

/** The http(s) links of `text`, in order, without the punctuation that follows them. */
export function findLinks(text: string): string[] {
  return [...text.matchAll(LINK)].map((match) => match[0].replace(TRAILING_PUNCTUATION, ''));
}

/** One line of text as HTML: escaped, links made clickable, leading spaces kept. */
function lineToHtml(line: string): string {
  let html = '';
  let position = 0;
  for (const match of line.matchAll(LINK)) {
    const link = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    html += escapeHtml(line.slice(position, start));
    html += `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
    position = start + link.length;
  }
  html += escapeHtml(line.slice(position));
  // Spaces that start a line (an indented detail) would otherwise collapse.
  return html.replace(/^ +/, (spaces) => '&nbsp;'.repeat(spaces.length));
}

/** A complete HTML document for a plain-text email. */
export function textToHtml(text: string, { title, language }: { title: string; language: string | null }): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p style="margin:0 0 1em">${paragraph.split('\n').map(lineToHtml).join('<br>\n')}</p>`);
  const lang = language === null ? '' : ` lang="${escapeHtml(language)}"`;
  return [
    '<!doctype html>',
    `<html${lang}>`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#ffffff">',
    ...paragraphs,
    '</body>',
    '</html>',
  ].join('\n');
}
