/** The statement of advice as a PDF (docs/advice-records.md "Module seams"). */
import type { Answers } from '../../machines/journey-answers';
import type { AdviceResult } from '../../journey/engine';

/** The statement's PDF bytes. */
export async function statementPdf(input: {
  answers: Answers;
  result: AdviceResult;
  names: string[];
  issuedAt: Date;
  statementId: string;
}): Promise<Uint8Array> {
  const text = `Statement of advice ${input.statementId} for ${input.names.join(' and ')}, ${input.issuedAt.toISOString()}`;
  return new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);
}
