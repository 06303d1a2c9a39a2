/**
 * The built-in engine's own sentences, in one place: everything it says that is not a
 * quote of the site's content. Markdown; names and links come in escaped by the caller.
 */

/** Introduces the quotes of one source. */
export const accordingTo = (source: string, isPage: boolean): string =>
  isPage ? 'According to **this page**:' : `According to **${source}**:`;

/** Lists the sources after the quotes. */
export const sourcesLine = (sources: readonly string[]): string => `${sources.length === 1 ? 'Source' : 'Sources'}: ${sources.join(', ')}`;

/** Nothing to search: no page text and no document with text. */
export const NOTHING_TO_SEARCH = "There's no page text or document for me to answer from yet, so I can't answer that.";

/** The question has no searchable word. `where` names the places searched. */
export const sayMore = (where: string): string => `Could you say a little more about what you'd like to know? I can answer from ${where}.`;

/** Nothing relevant enough was found. */
export const notFound = (where: string): string => `I couldn't find anything about that in ${where}.`;

/** Follows {@link notFound} when related topics are offered as follow-ups. */
export const TOPICS_HINT = 'These are some of the topics I can help with.';

/** A question about something else entirely (the weather, sport, the news). */
export const OUT_OF_SCOPE = "That is outside what I can help with here: I answer only from this site's pages and documents.";

/** A question about the visitor's own account (a balance, transactions, a password). */
export const ACCOUNT_DATA =
  "I can't see your accounts or personal details, so I can't tell you that. Any figure shown as an example on this site is not yours.";

/** A request for a tip on a particular share, coin or market move. */
export const STOCK_TIP = "I can't give tips on particular shares or predict markets, and I won't guess.";

/** Today's price of a coin, a share or a market. */
export const MARKET_PRICE = "I can't see live prices of shares, coins or markets, so I can't tell you that, and I won't guess.";

/**
 * Personal financial advice asked in chat (ASIC RG 244: the chat gives general information only;
 * advice that considers the visitor's circumstances comes from the site's advice journey).
 */
export const GENERAL_ADVICE_ONLY =
  '*This is general information only: it does not take into account your objectives, financial situation or needs.* ' +
  'For a recommendation that fits your own situation, use the advice journey on this site: ' +
  'it asks about your goals, your finances and how you feel about risk, then recommends a risk profile and products.';

/** Points to the site's help page (its `referenceWebpage`). */
export const helpPage = (url: string): string => `You can also find help on [the site's help page](${url}).`;
