/** journey-spec §3: private hospital cover, Yes or No (step 3). */
import { YesNo } from '../components/fields';
import { row, yesNo } from '../review';
import { useField } from './parts';
import { defineQuestion } from './question';

// issue 15: the Medicare levy surcharge depends on hospital cover, not on extras
const title = 'Do you have private hospital cover?';

function PrivateHealth() {
  const [value, set] = useField('privateHealth');
  return <YesNo legend={title} legendHidden value={value} onChange={set} />;
}

export const privateHealth = defineQuestion({
  id: 'privateHealth',
  path: '/questionnaire/private-health',
  step: 3,
  title,
  lead: 'Hospital cover affects the Medicare levy surcharge you pay.',
  slice: { key: 'privateHealth', blank: '', sample: 'yes' },
  Body: PrivateHealth,
  rule: (a) => a.privateHealth !== '',
  review: (a, s) => [row('Private hospital cover', a.privateHealth, s.privateHealth, yesNo)],
});
