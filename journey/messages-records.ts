/**
 * The catalogue's words for keeping advice on the server (docs/journey.md "Keeping advice on the server"): consent,
 * saving for later, resuming, the advice's pause, the statement's download and acceptance, and the partner's page.
 * They load with the advice records' chunk (journey/records), never with the first page.
 */

/** The consent's wording, as recorded with the advice file (its version: change this when the words change). */
export const CONSENT_VERSION = 'consent-2026-11';

export const RECORDS_WORDS = {
  consent: {
    // a statement, not a question: the built-in engine offers a page's questions as follow-ups a visitor could ask
    heading: 'Keeping your answers on our server',
    /** The checkbox's label: what is kept, why, for how long, and what happens without it. */
    keep: 'Keep my answers and advice on our server',
    what: 'We keep your answers, each change to them, the advice we give and the statement of advice you accept.',
    why: 'So you can come back on another device, and so our advisers can review the advice, as the law asks of us.',
    howLong: 'We keep them for 7 years after your last change, then delete them.',
    without: 'Without this, everything stays on this device only, as it does now.',
    name: 'Your name',
    nameHint: 'Needed to keep a file for you.',
    nameMissing: 'Enter your name to keep your answers on our server.',
    email: 'Your email (optional)',
    emailHint: 'Used only to send you the links you ask for.',
    save: 'Save my choice',
    kept: 'Your answers are kept on our server.',
    stop: 'Stop keeping my answers on the server',
    stopped: 'Your answers now stay on this device only. What was kept stays on our server for 7 years.',
    onDevice: 'Your answers stay on this device only.',
    keepInstead: 'Keep them on our server instead',
    failed: 'We could not reach our server. Your answers are still kept on this device. Please try again.',
    /** The header's save status with consent: `by` is the licensee's name. */
    savedKept: (by: string) => `Saved on this device and kept by ${by} with your consent`,
  },
  later: {
    button: 'Save and continue later',
    heading: 'Save and continue later',
    needsConsent:
      'To come back on another device, your answers need to be kept on our server. You can agree to that here; otherwise your answers stay on this device, and you can continue here any time.',
    email: 'Email me the link (optional)',
    create: 'Get my link and code',
    link: 'Your link',
    copy: 'Copy',
    copied: 'Copied',
    code: (code: string) => `Or enter this code on the resume page: ${code}`,
    expires: (date: string) => `It works once, until ${date}.`,
    emailed: (email: string) => `We emailed it to ${email}.`,
    close: 'Close',
    failed: 'We could not make your link. Please try again.',
  },
  resume: {
    title: 'Continue where you left off',
    lead: 'Enter the code from your link to carry on with your answers on this device.',
    code: 'Your code',
    codeHint: 'Eight letters and numbers, like ABCD-2345.',
    continue: 'Continue',
    invalid: 'That code does not work. It may be mistyped, used already or expired. Ask for a new one from where you saved.',
    throttled: (minutes: number) => `Too many tries. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    failed: 'We could not reach our server. Please try again.',
  },
  paused: {
    heading: 'Advice is paused',
    text: 'We have paused new recommendations for now. One of our advisers can help you instead.',
    contact: (phone: string, email: string) => `Call ${phone} or email ${email}.`,
    hours: 'Our advisers answer the phone from 9am to 5pm AEST, Monday to Friday.',
  },
  statement: {
    forNames: (names: string) => `This advice is for ${names}.`,
    download: 'Download the statement (PDF)',
    accept: 'I accept this advice',
    accepted: 'You have accepted this advice.',
    needsConsent: 'To download your statement or accept this advice, your answers need to be kept on our server.',
    partnerLink: (name: string) => `Pass this link to ${name} so they can accept too:`,
    partnerEmail: (name: string) => `Email the link to ${name} (optional)`,
    waiting: (name: string) => `Waiting for ${name} to accept.`,
    allAccepted: 'Everyone this advice is for has accepted it.',
    emailed: (email: string) => `We emailed the link to ${email}.`,
    notAdvised: 'There is no recommendation to accept yet.',
    failed: 'Something went wrong. Please try again.',
    yourPartner: 'your partner',
  },
  partner: {
    title: 'Accept your joint advice',
    code: 'This page needs the link you were sent.',
    invalid: 'This link does not work. It may be used already or expired. Ask your partner for a new one.',
    thanks: 'Thank you. You have accepted this advice.',
    retry: 'Try again',
  },
  /** A list of names: "Ann and Bo". */
  and: (names: readonly string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`),
};
