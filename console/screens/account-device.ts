/**
 * A session's browser and system in a few words, from its sign-in's User-Agent ("Chrome on Linux"), as the sessions
 * lists of busy services show them; the whole header where neither is recognised.
 */

/** The first of each list whose token the User-Agent has wins: order matters (Edge and Opera also say Chrome, Chrome also says Safari). */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1];

/** "Firefox on Windows", "Chrome", "macOS", or the User-Agent itself; undefined without one. */
export function deviceName(userAgent: string | undefined): string | undefined {
  if (!userAgent) return undefined;
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  return browser && system ? `${browser} on ${system}` : (browser ?? system ?? userAgent);
}
