/**
 * Who gives the advice, and how to reach them or complain (ASIC RG 175 and RG 255; the Corporations Act's
 * Financial Services Guide and Statement of Advice contents): one source for the journey's statement of
 * advice and the demo's documents (server/demo/copy.ts). Horizon Advice is fictional: the licence number is
 * a demonstration value and every page that shows it says so.
 */

/** The adviser: the business every document is from, and the holder of the licence. */
export const BUSINESS = 'Horizon Advice Pty Ltd';
/** Its Australian Financial Services Licence number: a demonstration value, not a real licence. */
export const AFSL = '000000';
/** The fund's issuer (the responsible entity), a company related to the adviser. */
export const ISSUER = 'Horizon Investment Management Ltd';
/** The contact address for questions and complaints. */
export const EMAIL = 'help@horizonadvice.example';
// ACMA reserves 1300 975 707 to 1300 975 711 for fiction, so the demo never prints a real business's number.
/** The contact phone number, also for speaking with one of the advisers. */
export const PHONE = '1300 975 707';
/** When the advisers answer the phone, in the server's English documents (the journey says it from its catalogue: `adviserHours`). */
export const HOURS = '9am to 5pm AEST, Monday to Friday';
/** How long the adviser takes to answer a complaint in full (RG 271: 30 calendar days). */
export const COMPLAINT_DAYS = 30;
/** The Australian Financial Complaints Authority's contacts (afca.org.au): the journey's catalogue words them (`afcaContacts`). */
export const AFCA_CONTACTS = {
  web: 'www.afca.org.au',
  email: 'info@afca.org.au',
  phone: '1800 931 678',
  post: 'GPO Box 3, Melbourne VIC 3001',
};
/** AFCA's contacts, in the server's English documents. */
export const AFCA = `${AFCA_CONTACTS.web}, ${AFCA_CONTACTS.email}, ${AFCA_CONTACTS.phone}, or ${AFCA_CONTACTS.post}`;
/** Where the demo's documents open in the journey (the document viewer of the embed route, journey-spec §2). */
export const DOCUMENT_LINKS = { fsg: '/smart-doc?doc=pdf', pds: '/smart-doc?doc=docx', privacy: '/smart-doc?doc=txt' } as const;
