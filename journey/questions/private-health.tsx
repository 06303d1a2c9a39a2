/** journey-spec §3: private hospital cover, Yes or No (step 3). */
import { YesNo } from '../components/fields';
import { QUESTION_WORDS } from '../messages';
import { row, yesNo } from '../review';
import { useField } from './parts';
import { defineQuestion } from './question';

// issue 15: the Medicare levy surcharge depends on hospital cover, not on extras
const W = QUESTION_WORDS.privateHealth;

function PrivateHealth() {
  const [value, set] = useField('privateHealth');
  return <YesNo legend={W.title} legendHidden value={value} onChange={set} />;
}

export const privateHealth = defineQuestion({
  id: 'privateHealth',
  path: '/questionnaire/private-health',
  step: 3,
  get title() {
    return W.title;
  },
  get lead() {
    return W.lead;
  },
  slice: { key: 'privateHealth', blank: '', sample: 'yes' },
  Body: PrivateHealth,
  rule: (a) => a.privateHealth !== '',
  review: (a, s) => [row(W.review, a.privateHealth, s.privateHealth, yesNo)],
  // its `read` loads with the engine (./on-demand.ts), kept off the first visit
});
