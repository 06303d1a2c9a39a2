/**
 * The few words the PDF statement of advice adds to the journey's statement page (journey/screens/statement.tsx):
 * who it is for, when it was issued and its id, which the web page has no need to say. Everything else in the PDF
 * comes from the journey's catalogues, so each sentence lives once.
 */

/** English words of the PDF statement (its language is en-AU, as the journey's English pages). */
export const STATEMENT_PDF_WORDS = {
  /** The document's author line and first line under the title: the licensee and its licence. */
  licensee: (business: string, afsl: string) => `${business} · Australian Financial Services Licence ${afsl}`,
  /** The client or clients the statement is for (a couple's statement names both). */
  preparedFor: (names: string) => `Prepared for ${names}`,
  /** The day the statement was issued (not the calculation date, which the versions line gives). */
  issued: (date: string) => `Issued ${date}`,
  /** The statement's id, as kept in the advice file. */
  statementId: (id: string) => `Statement ${id}`,
  /** The document information's subject. */
  subject: (names: string) => `Personal advice on investing towards a goal, for ${names}`,
  /** A name left empty: the statement still says who it is for. */
  noName: 'the client',
};
