/**
 * The widget ships marked reduced to its lexer, with the options it lexes with folded in and its
 * internal names shortened (scripts/build/marked-lexer.mjs): the lexer as built gives the very tokens marked's own Lexer
 * gives with those options, on every construct a reduction could touch.
 */
import * as esbuild from 'esbuild';
import { Lexer } from 'marked';
import { beforeAll, describe, expect, it } from 'vitest';
import { markedLexerOnly } from '../../scripts/build/marked-lexer.mjs';
import { OWN_XSS_VECTORS } from '../fixtures/xss-vectors';

/** The options of src/markdown's `lexerOptions`. */
const OPTIONS = { async: false, breaks: false, gfm: true, pedantic: false, silent: false };

/** Markdown that takes each branch the folded options decided: lists, headings, links, tables, raw HTML, tabs. */
const SAMPLES = [
  '# Heading #\n\n## Closed ##   \n\nSetext\n===\n\nOther\n---',
  '#NoSpace\n\n#\ttab heading',
  '- a\n- b\n  - nested\n\t- tabbed\n\n1. one\n2) two\n10. ten\n\n* [ ] task\n* [x] done\n\n+ loose\n\n+ list',
  '- item\n    code in item\n- next\n\n  continued paragraph',
  'para\n- interrupts\n\npara\n2. does not interrupt',
  '    indented code\n\tand tab\n\n```js\nfenced\n```\n\n~~~\ntilde\n~~~',
  '[link](https://example.com "title") [angle](<https://a.b/c d>) [paren](https://a.b/(c)) ![img](https://a.b/i.png \'t\')',
  "[ref][r] [r] [collapsed][]\n\n[r]: https://example.com 'Title'\n[other]: <https://x.y>",
  '<https://auto.link> <me@example.com> www.example.com https://bare.url/path?q=1. me@mail.example',
  '| a | b:|:c:|\n|:--|--:|:-:|\n| 1 | 2 | 3 |\n| x \\| y | `z|` | |',
  '<div>\n*raw* block\n</div>\n\n<pre>\n  kept\n</pre>\n\ninline <span>html</span> and <!-- comment -->',
  '**strong** *em* _em_ __strong__ ***both*** ~~del~~ ~one~ `code` ``co`de`` a\\*b\\_c &amp; &copy;',
  'line one  \nline two\\\nline three\nline four',
  '> quote\n> > nested\n>\n> - list in quote\n\n> lazy\ncontinuation',
  '***\n___\n- - -\n\nText with trailing hashes ##',
  'a_b_c snake_case_word *a*b* **a**b** _a_b_ *(*a*)*',
  `${'- '.repeat(6)}deep\n\n${'> '.repeat(6)}deep`,
  '\r\nwindows\r\nline ends\r\n',
];

let built: typeof Lexer;
let builtCode = '';

beforeAll(async () => {
  const result = await esbuild.build({
    stdin: { contents: "export { Lexer } from 'marked';", resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    plugins: [markedLexerOnly],
    logLevel: 'silent',
  });
  builtCode = result.outputFiles[0]!.text;
  built = ((await import(`data:text/javascript;base64,${Buffer.from(builtCode).toString('base64')}`)) as { Lexer: typeof Lexer }).Lexer;
});

describe("marked's lexer as the widget ships it", () => {
  it('reads no option it takes as fixed', () => {
    expect(builtCode).not.toMatch(/options\.(?:pedantic|gfm|breaks|silent|extensions|hooks)\b/);
  });

  it.each([...SAMPLES.map((text, i) => [`sample ${i + 1}`, text]), ...OWN_XSS_VECTORS.map((v) => [v.title, v.payload])])(
    'lexes %s as marked does',
    (_, text) => {
      expect(JSON.parse(JSON.stringify(new built({ ...OPTIONS }).lex(text)))).toEqual(
        JSON.parse(JSON.stringify(new Lexer({ ...OPTIONS }).lex(text))),
      );
    },
  );

  it('throws on the input it cannot advance on, as marked does without `silent`', () => {
    const stuck = (L: typeof Lexer) => {
      const lexer = new L({ ...OPTIONS });
      // no rule for plain text: nothing consumes the input, and marked's loop guard fires
      // (the built lexer names its tokenizer otherwise: the member that has the rules as methods)
      const tokenizer = Object.values(lexer).find((v) => typeof v?.paragraph === 'function') as Record<
        'paragraph' | 'text',
        () => undefined
      >;
      tokenizer.paragraph = () => undefined;
      tokenizer.text = () => undefined;
      return () => lexer.lex('plain words');
    };
    expect(stuck(Lexer)).toThrow(/Infinite loop/);
    expect(stuck(built)).toThrow(/Infinite loop/);
  });
});
