import { dictionaries, flattenKeys } from '@anor/core/i18n';
import { describe, expect, it } from 'vitest';
import {
  controlElements,
  isRichTextEmpty,
  normaliseLinkHref,
  plainTextOf,
  richTextTags,
  toolbarGroups,
} from './rich-text.ts';

describe('the empty-text rule (SPEC §5: nothing left once the tags are removed)', () => {
  it.each([
    '',
    '   ',
    '<p></p>',
    '<p> </p>',
    '<p><br></p>',
    '<p>&nbsp;</p>',
    '<p>&#160;&#xA0;</p>',
    '<ul><li><p></p></li></ul>',
    '<h2></h2><blockquote><p>\n</p></blockquote>',
    '<p><script>alert(1)</script><style>p{}</style></p>',
  ])('%j is empty', (html) => {
    expect(isRichTextEmpty(html)).toBe(true);
  });

  it.each([
    '<p>a</p>',
    '<p><strong>Född</strong> på gården</p>',
    '<ul><li><p>1850</p></li></ul>',
    '<p>&amp;</p>',
    'plain text',
    '<p><a href="https://example.com">x</a></p>',
  ])('%j is not empty', (html) => {
    expect(isRichTextEmpty(html)).toBe(false);
  });

  it('reads the text without tags, with character references decoded and spaces collapsed', () => {
    expect(plainTextOf('<p>Per &amp; Kerstin</p><p>&lt;b&gt;  bor&#32;i&#x20;Rud</p>')).toBe(
      'Per & Kerstin <b> bor i Rud',
    );
  });
});

describe('link addresses', () => {
  it('keeps http(s) and mailto as they are', () => {
    expect(normaliseLinkHref(' https://sok.riksarkivet.se/ ')).toBe('https://sok.riksarkivet.se/');
    expect(normaliseLinkHref('http://example.com')).toBe('http://example.com');
    expect(normaliseLinkHref('mailto:anna@example.com')).toBe('mailto:anna@example.com');
  });

  it('makes a bare address https and an e-mail address mailto', () => {
    expect(normaliseLinkHref('www.arkivdigital.se/aid/show/v1')).toBe('https://www.arkivdigital.se/aid/show/v1');
    expect(normaliseLinkHref('//example.com')).toBe('https://example.com');
    expect(normaliseLinkHref('localhost:3000/x')).toBe('https://localhost:3000/x');
    expect(normaliseLinkHref('anna@example.com')).toBe('mailto:anna@example.com');
  });

  it('refuses other schemes and nothing', () => {
    expect(normaliseLinkHref('javascript:alert(1)')).toBe('');
    expect(normaliseLinkHref('JaVaScRiPt:alert(1)')).toBe('');
    expect(normaliseLinkHref('data:text/html,<b>x</b>')).toBe('');
    expect(normaliseLinkHref('   ')).toBe('');
  });
});

describe('the toolbar', () => {
  const controls = toolbarGroups.flat();

  it('offers every format of SPEC §3 Note: bold, italic, underline, strike, quote, lists, link, header, indent', () => {
    expect(controls).toEqual(
      expect.arrayContaining([
        'bold',
        'italic',
        'underline',
        'strike',
        'blockquote',
        'orderedList',
        'bulletList',
        'link',
        'heading2',
        'indent',
        'outdent',
      ]),
    );
    expect(new Set(controls).size).toBe(controls.length);
  });

  it('makes only elements that the server keeps (and the view shows)', () => {
    for (const control of controls) {
      for (const element of controlElements[control]) expect(richTextTags, control).toContain(element);
    }
  });

  it('has a label for every control in the dictionaries', () => {
    const keys = flattenKeys(dictionaries.en);
    for (const control of controls) expect(keys, control).toContain(`notes.editor.${control}`);
  });
});
