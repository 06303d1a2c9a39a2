/**
 * The Arabic words that all three of this locale's modules say (the goals', debts' and investment styles' names, the
 * retirement reason, the units), kept apart so that the modules that load on demand share them without carrying the
 * whole first-visit module (./messages.ts exports them under their English names). The glossary is at the top of
 * ./messages.ts.
 */
import type * as En from '../../messages';
import { count, YEARS } from './counts';

export const RETIREMENT_WORDS = {
  title: 'لا تشمل هذه المشورة التقاعد',
  explanation:
    'هذه المشورة مخصصة للادخار من أجل هدف في الفترة التي تكسب فيها دخلًا. أما الاستثمار في مرحلة التقاعد فيعني التخطيط لدخل من مدخراتك ' +
    'وصندوق التقاعد (السوبر) ومعاش الشيخوخة (Age Pension)، وهو ما لا تشمله هذه المشورة (راجع صفحة الأهلية).',
  instead:
    'يمكن لمستشار مالي مرخَّص أن يساعدك في التخطيط لدخلك في التقاعد، وأداة تخطيط التقاعد في موقع Moneysmart (moneysmart.gov.au) بداية جيدة.',
} satisfies typeof En.RETIREMENT_WORDS;

export const GOAL_LABELS = {
  travel: 'السفر إلى الخارج',
  'first-home': 'شراء منزلك الأول',
  'next-home': 'شراء منزلك التالي',
  'getting-together': 'بدء حياة مشتركة مع شريك',
  baby: 'إنجاب طفل',
  business: 'بدء مشروع تجاري',
} satisfies typeof En.GOAL_LABELS;

export const DEBT_LABELS = {
  mortgage: 'قرض رهن عقاري',
  'investment-loan': 'قرض استثماري',
  'car-loan': 'قرض سيارة',
  'personal-loan': 'قرض شخصي',
  'credit-card': 'بطاقة ائتمان',
  other: 'غير ذلك',
} satisfies typeof En.DEBT_LABELS;

export const RISK_LABELS = {
  conservative: 'متحفظ',
  cautious: 'حذر',
  moderate: 'معتدل',
  'moderately-aggressive': 'جريء إلى حد ما',
  aggressive: 'جريء',
  'highly-aggressive': 'جريء جدًا',
} satisfies typeof En.RISK_LABELS;

/** Units said with a figure: the noun follows the number (./counts.ts), 1 → «سنة واحدة», 2.5 → «2.5 سنة». */
export const UNIT_WORDS = {
  // rounded to one decimal, as the English says it
  years: (years: number) => count(Math.round(Number(years) * 10) / 10, YEARS),
} satisfies typeof En.UNIT_WORDS;

/** What a word made when shown is filled with. */
type Shown = string | number;

/**
 * Words in Latin letters with figures (a phone number, a financial year «2026-27», a postal address), kept left to
 * right inside Arabic text: after Arabic letters, a number's pieces would otherwise read in reverse order («27-2026»).
 */
export const ltr = (s: Shown): string => `\u2066${s}\u2069`;

/** A percentage given as a figure (70 → «70%»), left to right as journey/format.ts `formatPercent` writes them. */
export const percent = (n: Shown): string => ltr(`${n}%`);
