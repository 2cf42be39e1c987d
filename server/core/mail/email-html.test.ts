import { describe, expect, it } from 'vitest';
import { findLinks, textToHtml } from './email-html';

describe('the HTML part made from a text email', () => {
  const body = (html: string) => html.slice(html.indexOf('<body'), html.indexOf('</body>'));

  it('keeps paragraphs, line breaks and indentation, and escapes everything', () => {
    const html = textToHtml('Receipt <P-1>\n\nSUN-100031  CBC\n  Amount: $48.50\n\n\n"Total" & more', { title: 'A & B', language: 'en-US' });
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('<title>A &#38; B</title>');
    expect(body(html)).toContain('<p style="margin:0 0 1em">Receipt &#60;P-1&#62;</p>');
    expect(body(html)).toContain('SUN-100031  CBC<br>\n&nbsp;&nbsp;Amount: $48.50</p>');
    expect(body(html)).toContain('&#34;Total&#34; &#38; more');
    expect(body(html).match(/<p /g)).toHaveLength(3);
  });

  it('makes links clickable without the punctuation after them, and never lets a link break out of its attribute', () => {
    const html = body(textToHtml('Open https://a.example/x?t=1&u=2, then (https://b.example/y).\nNot a link: javascript:alert(1)', { title: '', language: null }));
    expect(html).toContain('Open <a href="https://a.example/x?t=1&#38;u=2">https://a.example/x?t=1&#38;u=2</a>, then (<a href="https://b.example/y">https://b.example/y</a>).');
    expect(html).toContain('Not a link: javascript:alert(1)');
    expect(body(textToHtml('https://a.example/"onmouseover="x', { title: '', language: null }))).toContain('<a href="https://a.example/">https://a.example/</a>&#34;onmouseover=&#34;x');
  });

  it('has no lang attribute when the language is unknown', () => {
    expect(textToHtml('x', { title: 'x', language: null })).toContain('<html>');
  });
});

describe('links of a text', () => {
  it('are found in order, without trailing punctuation', () => {
    expect(findLinks('Go to https://a.example/1. Or http://b.example/2?x=1; not ftp://c.example')).toEqual(['https://a.example/1', 'http://b.example/2?x=1']);
  });
});
