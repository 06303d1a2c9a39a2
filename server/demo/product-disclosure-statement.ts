/**
 * The demo's DOCX document: the fund's Product Disclosure Statement, with its fee
 * and risk-profile tables (figures from ./copy, so they match the journey).
 */
import { formatDollars } from '../../journey/format';
import { ADMIN_FEE, ADVISER_FEE, BUSINESS, DEMO_NOTE, EMAIL, FEE_ON_10K, FUND, INVESTMENT_FEE, ISSUER, PHONE, RISK_PROFILES } from './copy';
import { buildDocx, wPara, wTable } from './docx';

const h1 = (text: string) => wPara(text, 'Heading1');
const h2 = (text: string) => wPara(text, 'Heading2');
const p = (text: string) => wPara(text);
const li = (text: string) => wPara(text, 'ListParagraph', true);

/** The title, the fund and its fees (sections 1 and 2). */
function fundAndFees(): string[] {
  return [
    wPara('Product Disclosure Statement', 'Title'),
    wPara(FUND, 'Subtitle'),
    p(`Issued by ${ISSUER} (the responsible entity). Version 2, dated 1 July 2024.`),
    p(
      'This Product Disclosure Statement (PDS) is a summary of significant information about the fund. ' +
        'Read it in full before you decide to invest, and consider whether the fund suits your objectives, financial situation and needs.',
    ),
    h1('1. About the fund'),
    p(
      `The ${FUND} is a diversified, low-cost index portfolio. It spreads your money across Australian shares, international shares, ` +
        'property and infrastructure, fixed interest and cash by investing in index funds that track each market rather than trying to beat it.',
    ),
    p('You choose one of six risk profiles, and your money is invested in that profile\u2019s mix of growth and defensive assets.'),
    h1('2. Fees and costs'),
    p(
      `There is **no administration fee** and a single **investment fee of ${INVESTMENT_FEE} a year**. ` +
        `The ${ADVISER_FEE} upfront adviser fee is charged by Horizon Advice for your advice, not by the fund.`,
    ),
    wTable(
      [2600, 1700, 4726],
      [
        ['Fee', 'Amount', 'How and when it is paid'],
        [
          'Upfront adviser fee',
          ADVISER_FEE,
          'One-off. Invoiced to you by Horizon Advice when your advice is ready; not deducted from your investment.',
        ],
        ['Administration fee', `${ADMIN_FEE} a year`, 'Not charged.'],
        [
          'Investment fee',
          `${INVESTMENT_FEE} a year`,
          'Calculated daily on your balance and deducted from the fund\u2019s assets monthly.',
        ],
        ['Contribution, withdrawal and switching fees', 'Nil', 'Not charged.'],
      ],
    ),
    p(''),
    h2('Example of annual fees'),
    p(
      `With a balance of $10,000 all year, you would pay an investment fee of ${FEE_ON_10K} and an administration fee of ${formatDollars(0)}: ` +
        `${FEE_ON_10K} a year in total. Your adviser fee of ${ADVISER_FEE} is invoiced once, separately.`,
    ),
  ];
}

/** Risk profiles, risks, investing, withdrawing, cooling off, tax and complaints (sections 3 to 9). */
function profilesAndTerms(): string[] {
  const profileRows = RISK_PROFILES.map((r) => [r.label, `${r.growth}%`, `${r.defensive}%`, `${r.minYears}+ years`, r.description]);
  return [
    h1('3. Risk profiles'),
    p(
      'Growth assets (shares, property and infrastructure) are expected to earn more over the long term but rise and fall more. ' +
        'Defensive assets (fixed interest and cash) are steadier. Each profile holds a fixed mix of the two, rebalanced every quarter.',
    ),
    wTable([2000, 1250, 1500, 1650, 2626], [['Risk profile', 'Growth', 'Defensive', 'Timeframe', 'In short'], ...profileRows]),
    p(''),
    p('You can switch to another profile at any time, free of charge, through your online account.'),
    h1('4. Risks of investing'),
    p(
      'All investments carry risk. The value of your investment can go down as well as up, and returns are not guaranteed. The main risks are:',
    ),
    li('**Market risk**: share, property and bond markets fall, sometimes sharply.'),
    li('**Currency risk**: international investments are not hedged, so a rising Australian dollar lowers their value.'),
    li('**Interest rate risk**: rising rates lower the value of fixed interest investments.'),
    li('**Timeframe risk**: if you need your money sooner than planned, you may have to sell after a fall.'),
    h1('5. How to invest'),
    p(
      'Once you accept your advice, open an account online and invest a lump sum, a regular amount, or both. You can add to your investment at any time.',
    ),
    h1('6. How to withdraw'),
    p('You can withdraw some or all of your money at any time:'),
    li('Log in to your account, choose **Withdraw**, and enter the amount and the bank account to pay it into.'),
    li(`Or write to us at ${EMAIL} with your account number, the amount and your bank details.`),
    li(
      'Requests received by 2pm on a business day are processed that day at that day\u2019s unit price. The money usually reaches your bank within five business days.',
    ),
    p(
      'There is no withdrawal fee. In rare circumstances, such as a market closure, the law allows us to delay withdrawals; we will tell you if that happens.',
    ),
    h1('7. Cooling-off period'),
    p(
      'If you change your mind, you have 14 days to ask for your money back. The 14 days start when you receive confirmation of your investment, ' +
        'or five days after your units are issued if that is sooner. The amount returned reflects any change in the unit price.',
    ),
    h1('8. Tax'),
    p(
      'The fund distributes its income every six months. Distributions and any capital gains on withdrawal may be taxable. We do not give tax advice; please speak to a registered tax agent.',
    ),
    h1('9. Complaints'),
    p(
      `Contact us first at ${EMAIL} or on ${PHONE}. If you are not satisfied with our response, you can contact the Australian Financial Complaints Authority (AFCA) ` +
        'at www.afca.org.au or on 1800 931 678.',
    ),
    wPara(DEMO_NOTE, 'Note'),
  ];
}

/** The Product Disclosure Statement of the demo's fund, as a .docx file. */
export function productDisclosureStatementDocx(): Uint8Array {
  return buildDocx({ title: `Product Disclosure Statement \u2013 ${FUND}`, creator: BUSINESS }, [...fundAndFees(), ...profilesAndTerms()]);
}
