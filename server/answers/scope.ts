/**
 * What kind of question the visitor asks, before anything is searched: one the site's
 * content may answer, or one that no quote of it should answer (the visitor's own
 * account, a share tip, the weather), or a request for personal financial advice,
 * which the chat answers with general information only (ASIC RG 244).
 *
 * Patterns of plain English, not of any site's content. Pure.
 */

/** How a question is to be handled. */
export type QuestionScope =
  /** The visitor's own account or personal data, which the chat cannot see: declined. */
  | { kind: 'account' }
  /** A tip on a particular share, coin or market move: declined. */
  | { kind: 'stock-tip' }
  /** Today's price of a coin, a share or a market, which no site's page holds live: declined. */
  | { kind: 'market-price' }
  /**
   * Something else entirely (weather, sport, news, cooking): declined unless the site's
   * content speaks of `topic`, the question's words that name it (a travel site may well talk about the weather).
   */
  | { kind: 'off-topic'; topic: string }
  /** Personal financial advice: answered with general information only, pointed to the advice journey. */
  | { kind: 'personal-advice' }
  /** Anything else: answered from the content. */
  | { kind: 'content' };

const ACCOUNT = [
  // Asking for the figure itself: "what's my balance", "show me my transactions" (not "what happens to my balance if…").
  /\b(?:what(?:['’]s| is| are| was)|how much (?:is|was)|show(?: me)?|tell me|check|see|view|give me|find)\s+(?:\S+\s+){0,3}?(?:my|our)\s+(?:current\s+|available\s+|account\s+|bank\s+|super\s+|portfolio\s+|investment\s+|fund\s+)*(?:balances?|transactions?)\b/i,
  /\b(?:my|our)\s+(?:passwords?|pin|log-?in details|account numbers?|bsb)\b/i,
  /\bhow much (?:money )?(?:is|do i have|have i got) (?:left )?in my (?:account|portfolio|super|fund)\b/i,
  /\b(?:log|sign) (?:me )?in(?:to)? my account\b/i,
];

const STOCK_TIP = [
  /\b(?:stock|share|crypto|coin|penny stock)\s+tips?\b/i,
  /\bhot (?:stocks?|shares?|tips?|picks?)\b/i,
  /\b(?:which|what)\s+(?:stocks?|shares?|crypto(?:currency|currencies)?|coins?|companies|company)\s+(?:should|to|would|do you|can|will)\b/i,
  /\bgood (?:stocks?|shares?|coins?) to (?:buy|sell)\b/i,
  /\bwill (?:the )?(?:\S+ ){0,3}(?:shares?|stocks?|price|bitcoin|market|asx|dow|nasdaq)\s+(?:go up|go down|rise|fall|drop|crash|recover)\b/i,
];

// What a coin, a share or a market trades at: live figures, never in a site's pages.
const TRADED = String.raw`(?:bitcoin|btc|ethereum|ether|dogecoin|crypto(?:currency|currencies|s)?|coins?|tokens?|gold|oil|the (?:asx|dow|nasdaq|s&p(?: 500)?|ftse|dollar)|(?:[\w&.-]+ )?(?:shares?|stocks?) (?:in|of))`;
const MARKET_PRICE = [
  new RegExp(String.raw`\b(?:price|value|worth|rate|trading at|exchange rate)\b[^?.!]{0,30}?\b${TRADED}`, 'i'),
  new RegExp(String.raw`\b${TRADED}\b[^?.!]{0,20}?\b(?:price|worth|value|trading at|at today)\b`, 'i'),
  new RegExp(String.raw`\bhow much is (?:a |one )?${TRADED}\b`, 'i'),
];

// Topics no finance site answers by default; each is declined unless the site's own content uses the words.
const OFF_TOPIC = [
  /\b(?:weather|forecast for (?:today|tomorrow|the weekend))\b/i,
  /\bwill it (?:rain|snow)\b/i,
  /\b(?:football|soccer|cricket|rugby|basketball|tennis|footy|nba|nfl|afl)\b/i,
  /\b(?:recipes?|bake|baking|cook|cooking)\b/i,
  /\b(?:today'?s|latest) (?:news|headlines)\b/i,
  /\btell me a joke\b/i,
];

const ADVICE = [
  /\bshould i\b.{0,80}\b(?:invest|buy|sell|put|choose|pick|switch|move|withdraw|retire|sacrifice|contribute|go with|get|use|take|keep|hold|cash|pay (?:off|down|back)|repay|borrow|save)(?:s|ed|ing)?\b/i,
  /\bwhich\b.{0,80}\b(?:risk profile|profile|fund|product|option|portfolio|investment|strategy|style|super fund)\b.{0,80}\b(?:should i|best for me|suits? me|right for me|for me|do i need)\b/i,
  /\bis (?:this|it|that|the [\w-]+(?: [\w-]+){0,3}) (?:fund |product |option |investment |portfolio |profile |strategy )?(?:right|good|suitable|best|a good (?:idea|choice|fit)|appropriate|the right (?:one|choice)) for me\b/i,
  /\b(?:recommend|advise|suggest)\b.{0,80}\b(?:me|i)\b.{0,80}\b(?:invest|buy|choose|fund|profile|product|portfolio)\b/i,
  /\bwhat should i (?:invest|do with my|buy|choose|pick)\b/i,
  /\bis (?:it|now) a good time to (?:invest|buy|sell)\b/i,
  /\bwhere should i (?:invest|put) my\b/i,
];

// Questions about the journey itself ("Which journey suits me?") are about the site, not advice.
const ABOUT_THE_JOURNEY = /\bjourneys?\b/i;

/**
 * How much of a question the patterns read: a question's kind shows in its first words, and a
 * pattern over a 4,000-character question would take time for nothing.
 */
export const SCOPE_CHARS = 300;

/** How to handle the question (checked in order: account, share tip, market price, off-topic, personal advice). */
export function questionScope(received: string): QuestionScope {
  const question = received.slice(0, SCOPE_CHARS);
  if (ACCOUNT.some((p) => p.test(question))) return { kind: 'account' };
  if (STOCK_TIP.some((p) => p.test(question))) return { kind: 'stock-tip' };
  if (MARKET_PRICE.some((p) => p.test(question))) return { kind: 'market-price' };
  for (const pattern of OFF_TOPIC) {
    const topic = pattern.exec(question)?.[0];
    if (topic) return { kind: 'off-topic', topic };
  }
  if (!ABOUT_THE_JOURNEY.test(question) && ADVICE.some((p) => p.test(question))) return { kind: 'personal-advice' };
  return { kind: 'content' };
}
