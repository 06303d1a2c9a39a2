/**
 * The Simplified Chinese words that all three catalogue files say (./messages.ts exports them under the English
 * names): the retirement reason, the goals', debts' and investment styles' names and the years, kept in a module of
 * their own so that the on-demand and advice words load these, not the whole first-visit file. The glossary is at the
 * top of ./messages.ts.
 */
import { formatNumber } from '../../format';
import type * as En from '../../messages';

/** Why this advice turns retirement away (the engine's reason, engine/suitability.ts); the screens that ask say it too. */
export const RETIREMENT_WORDS = {
  title: '本建议不涵盖退休事宜',
  explanation:
    '本建议适用于您在工作期间为某个目标储蓄。退休后的投资意味着要利用您的储蓄、养老金（superannuation）和老年退休金（Age Pension）来规划收入，' +
    '而本建议并不涵盖这些内容（请参阅资格条件页面）。',
  instead: '持牌理财顾问可以帮助您规划退休收入；Moneysmart 的退休规划工具（moneysmart.gov.au）是一个很好的起点。',
} satisfies typeof En.RETIREMENT_WORDS;

export const GOAL_LABELS = {
  travel: '出国旅行',
  'first-home': '购买首套住房',
  'next-home': '购买下一套住房',
  'getting-together': '开始与伴侣共同生活',
  baby: '生育宝宝',
  business: '创业',
} satisfies typeof En.GOAL_LABELS;
export const DEBT_LABELS = {
  mortgage: '住房贷款',
  'investment-loan': '投资贷款',
  'car-loan': '汽车贷款',
  'personal-loan': '个人贷款',
  'credit-card': '信用卡',
  other: '其他',
} satisfies typeof En.DEBT_LABELS;
export const RISK_LABELS = {
  conservative: '保守型',
  cautious: '谨慎型',
  moderate: '平衡型',
  'moderately-aggressive': '适度进取型',
  aggressive: '进取型',
  'highly-aggressive': '高度进取型',
} satisfies typeof En.RISK_LABELS;

/** Units said with a figure, in sentences of every part of the catalogue: 1 → "1 年", 2.5 → "2.5 年". */
export const UNIT_WORDS = {
  years: (years: number) => `${formatNumber(years, 1)} 年`,
} satisfies typeof En.UNIT_WORDS;
