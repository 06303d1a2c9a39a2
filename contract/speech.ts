/**
 * What the avatar says for an answer (widget-spec §4: it speaks the answer): the text
 * without markdown's marks, which a voice would otherwise read out ("asterisk") or
 * stumble on. Code blocks are left out; links and images keep their words; table cells
 * are read as a list. Shared by the server (HeyGen's task) and the widget (the data channel).
 */
export function speakable(markdown: string): string {
  return (
    markdown
      .replace(/```[\s\S]*?(```|$)/g, ' ')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
      .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
      .replace(/^[ \t]*\|?[ \t]*:?-{3,}[-|: \t]*$/gm, '')
      .replace(/[ \t]*\|[ \t]*/g, (m, offset: number, s: string) =>
        offset === 0 || s[offset - 1] === '\n' || s[offset + m.length] === '\n' || offset + m.length === s.length ? '' : ', ',
      )
      .replace(/\*\*|__|~~|`/g, '')
      // a lone * or _ at a word's edge is emphasis; inside a word (snake_case, 2*3) it stays (no lookbehind: Safari 15.4)
      .replace(/(^|[^\w])[*_]+(?=\w)/gm, '$1')
      .replace(/([^\s*_])[*_]+(?=[^\w]|$)/gm, '$1')
      .replace(/[ \t]+/g, ' ')
      .replace(/[ \t]*\n[ \t]*/g, '\n')
      .replace(/\n{2,}/g, '\n')
      .trim()
  );
}
