/** journey-spec §4: Yes/No toggles that reveal repeatable rows, and regular savings. */
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { continueButton, findPage, renderJourney } from './render-journey';

const assetRow = (n: number) => screen.getByRole('group', { name: `Asset ${n}` });
const queryAssetRow = (n: number) => screen.queryByRole('group', { name: `Asset ${n}` });
const assetRows = () => screen.queryAllByRole('group', { name: /^Asset \d+$/ });

async function openAssets() {
  const journey = renderJourney('/questionnaire/assets');
  await screen.findByRole('radio', { name: 'Yes' });
  return journey;
}

describe('assets: a toggle with rows', () => {
  it('starts unanswered, with Continue disabled and no rows', async () => {
    await openAssets();
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: 'No' })).toHaveProperty('checked', false);
    expect(continueButton()).toHaveProperty('disabled', true);
    expect(assetRows()).toHaveLength(0);
  });

  it('Yes reveals one row with Type and Value fields and enables Continue', async () => {
    const { user } = await openAssets();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(assetRows()).toHaveLength(1);
    const row = assetRow(1);
    expect(within(row).getByRole('combobox', { name: 'Type' })).toHaveProperty('value', '');
    expect(within(row).getByRole('textbox', { name: 'Value' })).toHaveProperty('value', '');
    expect(within(row).getByRole('button', { name: 'Remove asset 1' })).toBeTruthy();
    expect(continueButton()).toHaveProperty('disabled', false);
  });

  it('+ Add another appends a row and moves focus into its first field', async () => {
    const { user, saved } = await openAssets();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: '+ Add another' }));
    expect(assetRows()).toHaveLength(2);
    const type2 = within(assetRow(2)).getByRole('combobox', { name: 'Type' });
    await waitFor(() => expect(document.activeElement).toBe(type2));
    expect(saved()?.assets.rows).toHaveLength(2);
  });

  it('typing and choosing in a row keeps the values (and autosaves them)', async () => {
    const { user, saved } = await openAssets();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.selectOptions(within(assetRow(1)).getByRole('combobox', { name: 'Type' }), 'Home');
    await user.type(within(assetRow(1)).getByRole('textbox', { name: 'Value' }), '650000');
    expect(within(assetRow(1)).getByRole('combobox', { name: 'Type' })).toHaveProperty('value', 'home');
    expect(within(assetRow(1)).getByRole('textbox', { name: 'Value' })).toHaveProperty('value', '650000');
    expect(saved()?.assets.rows).toEqual([expect.objectContaining({ type: 'home', value: '650000' })]);
  });

  it('Remove asset 1 removes that row and renumbers the rest', async () => {
    const { user } = await openAssets();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(within(assetRow(1)).getByRole('textbox', { name: 'Value' }), '111');
    await user.click(screen.getByRole('button', { name: '+ Add another' }));
    await user.type(within(assetRow(2)).getByRole('textbox', { name: 'Value' }), '222');

    await user.click(screen.getByRole('button', { name: 'Remove asset 1' }));

    expect(assetRows()).toHaveLength(1);
    expect(queryAssetRow(2)).toBeNull();
    expect(within(assetRow(1)).getByRole('textbox', { name: 'Value' })).toHaveProperty('value', '222');
  });

  it('removing every row disables Continue and asks for a row', async () => {
    const { user } = await openAssets();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: '+ Add another' }));
    await user.click(screen.getByRole('button', { name: 'Remove asset 2' }));
    expect(continueButton()).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Remove asset 1' }));

    expect(assetRows()).toHaveLength(0);
    expect(screen.getByText('Add at least one asset to continue.')).toBeTruthy();
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it('No hides and clears the rows; Yes again shows one blank row', async () => {
    const { user, saved } = await openAssets();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(within(assetRow(1)).getByRole('textbox', { name: 'Value' }), '30000');
    await user.click(screen.getByRole('button', { name: '+ Add another' }));

    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(assetRows()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: '+ Add another' })).toBeNull();
    expect(continueButton()).toHaveProperty('disabled', false);
    expect(saved()?.assets).toEqual({ answer: 'no', rows: [] });

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(assetRows()).toHaveLength(1);
    expect(within(assetRow(1)).getByRole('textbox', { name: 'Value' })).toHaveProperty('value', '');
  });

  it('Continue after No goes on to regular savings', async () => {
    const { user, port } = await openAssets();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(continueButton());
    expect(await findPage('Do you save regularly?')).toBeTruthy();
    expect(port.path()).toBe('/questionnaire/regular-savings');
  });
});

describe('regular savings: a toggle with amount and frequency', () => {
  async function openSavings() {
    const journey = renderJourney('/questionnaire/regular-savings');
    await screen.findByRole('radio', { name: 'Yes' });
    return journey;
  }
  const amount = () => screen.getByRole('textbox', { name: 'How much do you save?' });
  const frequency = () => screen.getByRole('combobox', { name: 'How often?' });

  it('starts with Continue disabled and no fields', async () => {
    await openSavings();
    expect(continueButton()).toHaveProperty('disabled', true);
    expect(screen.queryByRole('textbox', { name: 'How much do you save?' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'How often?' })).toBeNull();
  });

  it('Yes reveals amount and frequency; Continue needs both', async () => {
    const { user } = await openSavings();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(continueButton()).toHaveProperty('disabled', true);

    await user.type(amount(), '500');
    expect(continueButton()).toHaveProperty('disabled', true);

    await user.selectOptions(frequency(), 'Monthly');
    expect(continueButton()).toHaveProperty('disabled', false);

    await user.clear(amount());
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it('No hides and clears amount and frequency, and says at once that there is nothing to invest each month (issue 15)', async () => {
    const { user, saved } = await openSavings();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(amount(), '500');
    await user.selectOptions(frequency(), 'Weekly');

    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: 'How much do you save?' })).toBeNull();
    expect(saved()?.regularSavings).toEqual({ answer: 'no', amount: '', frequency: '' });
    // the suitability rule is checked here, where its answer is given, not at step 6
    expect(screen.getByText(/you told us you do not save regularly, so there is nothing to invest each month/)).toBeTruthy();
    expect(continueButton()).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(amount()).toHaveProperty('value', '');
    expect(frequency()).toHaveProperty('value', '');
    expect(continueButton()).toHaveProperty('disabled', true);
  });
});
