/**
 * The demo's PDF document: the adviser's Financial Services Guide (who Horizon
 * Advice is, its services, how it is paid, complaints), written with ./pdf.
 */
import {
  ADMIN_FEE,
  ADVISER_FEE,
  AFCA,
  AFSL,
  BUSINESS,
  DEMO_NOTE,
  EMAIL,
  FEE_ON_10K,
  FUND,
  HOURS,
  INVESTMENT_FEE,
  ISSUER,
  PHONE,
} from './copy';
import { MIN_GOAL_YEARS } from '../../journey/constants';
import { type PdfBlock, writePdf } from './pdf';

/** The Financial Services Guide of the demo's adviser, as a PDF file. */
export function financialServicesGuidePdf(): Uint8Array {
  const h = (text: string): PdfBlock => ({ kind: 'heading', text });
  const p = (text: string): PdfBlock => ({ kind: 'para', text });
  const li = (text: string): PdfBlock => ({ kind: 'bullet', text });
  const blocks: PdfBlock[] = [
    { kind: 'title', text: 'Financial Services Guide' },
    { kind: 'subtitle', text: `${BUSINESS} \u2013 version 3 \u2013 issued 1 July 2024` },
    h('About this guide'),
    p(
      'This Financial Services Guide (FSG) tells you about Horizon Advice and the services we offer, so that you can decide whether to use them. ' +
        'It explains who we are, the documents you will receive, how we are paid, how we handle your personal information and what to do if you have a complaint.',
    ),
    h('Who we are'),
    p(
      `${BUSINESS} (Australian Financial Services Licence ${AFSL}, a demonstration number) provides digital financial advice to retail investors in Australia. ` +
        `The ${FUND} we may recommend is issued by ${ISSUER}, a related company. We will always tell you about this relationship in any advice we give you.`,
    ),
    h('Our services'),
    p('We can give you personal advice, online and with the help of our advisers, on:'),
    li(`investing for a goal that is ${MIN_GOAL_YEARS} years or more away, such as a first home, a holiday or education;`),
    li('how much to invest, both as a lump sum and regularly, and which risk profile suits you;'),
    li(`the ${FUND} and its six risk profiles.`),
    p(
      'We do not advise on superannuation, retirement planning, insurance, tax or borrowing to invest. ' +
        'The chat assistant on our website gives general information only: it does not take into account your objectives, financial situation or needs.',
    ),
    h('Documents you will receive'),
    li('A Statement of Advice (SoA), which sets out our advice, the reasons for it, and what it costs.'),
    li(`A Product Disclosure Statement (PDS) for the ${FUND}. Read it before you decide to invest.`),
    h('How we are paid'),
    p(
      `We charge an upfront adviser fee of ${ADVISER_FEE} for your advice. We invoice you for it once your advice is ready; it is not taken from your investment. ` +
        'We do not receive commissions from anyone, and our advisers are paid a salary with no bonuses tied to the products they recommend.',
    ),
    p(
      `If you invest, the ${FUND} charges an investment fee of ${INVESTMENT_FEE} a year of your balance (${FEE_ON_10K} a year on $10,000) and an administration fee of ${ADMIN_FEE}. ` +
        `These fees are paid to ${ISSUER}, not to us. The PDS sets out all fees and costs.`,
    ),
    h('Your privacy'),
    p(
      'We collect personal information to give you advice and to meet our legal obligations. ' +
        'Our Privacy & Personal Data Protection Policy explains how we collect, use, store and share it, and how you can see or correct it.',
    ),
    h('If you have a complaint'),
    p(
      `Please tell us first: email ${EMAIL} or call ${PHONE}. We will acknowledge your complaint within one business day and give you our final response within 30 days.`,
    ),
    p(
      'If you are not satisfied, you can complain to the Australian Financial Complaints Authority (AFCA), a free and independent service: ' +
        `${AFCA}.`,
    ),
    h('Compensation arrangements'),
    p(
      'We hold professional indemnity insurance that meets the requirements of section 912B of the Corporations Act 2001 (Cth). ' +
        'It covers the advice of our current advisers, and of advisers who have left us, for work they did while with us.',
    ),
    h('Contact us'),
    p(`Email ${EMAIL}, call ${PHONE} (${HOURS}), or use the chat assistant on our website.`),
    { kind: 'note', text: DEMO_NOTE },
  ];
  return writePdf(
    {
      title: 'Financial Services Guide',
      author: BUSINESS,
      subject: 'Who Horizon Advice is, its services, fees and complaints',
      producer: 'Horizon Advice demo content',
    },
    blocks,
    `${BUSINESS} \u2013 Financial Services Guide (version 3)`,
  );
}
