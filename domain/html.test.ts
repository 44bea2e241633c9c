import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeHtmlLines } from './html';

describe('escapeHtml', () => {
  it('escapes what could open markup or close an attribute', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('keeps the line breaks of typed text as <br>', () => {
    expect(escapeHtmlLines('Hallo <b>\r\nGruß\rEnde\nx')).toBe('Hallo &lt;b&gt;<br>Gruß<br>Ende<br>x');
  });
});
