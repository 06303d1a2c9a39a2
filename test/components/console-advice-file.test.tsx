/**
 * One advice file in happy-dom (console/screens/advice-file.tsx), on the real client with a fake fetch
 * (console-fake-api-advice.ts): the summary, the latest result and a refusal's reasons, the statements' downloads, the
 * timeline's entries by kind, the replay with its differences (or none), the review's checklist and sign-off, failures.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { reviewProblem } from '../../console/advice/review';
import { REVIEW_ITEMS } from '../../contract/advice';
import { REPLAY } from './console-advice-data';
import { fakeAdvice } from './console-fake-api-advice';
import { renderConsole } from './console-harness';

const timeline = () => screen.getByRole('heading', { name: 'Timeline' }).parentElement!.querySelectorAll('ol > li');

describe('the file', () => {
  it('shows the client, partner, status, review marks and the latest result with its versions and figures', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice/f3', advice.api());
    // the first test loads the screen's chunk: a slow machine may take longer than the default wait
    expect(await screen.findByRole('heading', { level: 1, name: 'Advice file: Alex Chen' }, { timeout: 5000 })).toBeTruthy();
    expect(advice.calls[0]!.path).toBe('sites/s1/advice-files/f3');
    const summary = screen.getAllByRole('definition');
    expect(summary.map((d) => d.textContent).slice(0, 3)).toEqual(['Awaiting partner', 'alex@example.com', 'Sam Chen']);
    expect(screen.getByText('In the review queue')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to advice files' }).getAttribute('href')).toBe('/console/sites/s1/advice');
    // the Advice tab stays current on a file
    expect(screen.getByRole('link', { name: 'Advice' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Recommendation')).toBeTruthy();
    const figures = screen.getByRole('table', { name: 'Key figures' });
    const row = within(figures).getByRole('rowheader', { name: 'plan.monthlyNeededCents' }).parentElement!;
    expect(row.textContent).toContain('$450.00');
    expect(within(figures).getByRole('rowheader', { name: 'plan.profile' }).parentElement!.textContent).toContain('balanced');
  });

  it('a refusal shows each reason by its code with its figures, clearly labelled', async () => {
    renderConsole('/console/sites/s1/advice/f2', fakeAdvice().api());
    await screen.findByRole('heading', { name: 'Reasons for the refusal' });
    expect(screen.getAllByText('Refused: not suitable').length).toBeGreaterThan(0);
    // the reasons show with their chunk (console/advice/reason-words.tsx)
    expect(await screen.findByText('goal-too-soon', { selector: 'li > code' }, { timeout: 5000 })).toBeTruthy();
    const figures = screen.getByRole('table', { name: 'Its figures: goal-too-soon' });
    expect(within(figures).getByRole('rowheader', { name: 'minGoalYears' }).parentElement!.textContent).toContain('1');
    expect(screen.getByText('No statement of advice was issued yet.')).toBeTruthy();
  });

  it('a refusal’s reason is said once in the journey’s words, its code once, and only its figures as rows', async () => {
    renderConsole('/console/sites/s1/advice/f2', fakeAdvice().api());
    // the journey's catalogue loads with the first refusal shown
    const title = await screen.findByRole('heading', { level: 4, name: 'Your goal is less than a year away' }, { timeout: 5000 });
    const reason = title.closest('li')!;
    expect(reason.textContent).toContain('This advice is for goals at least 1 year away.');
    expect(reason.textContent).toContain('Keep the money for this goal in a high-interest savings account or a term deposit');
    // the code once where it shows (the table's caption, which names it, is for a screen reader only)
    expect(within(reason).getAllByText('goal-too-soon')).toHaveLength(1);
    const figures = within(reason).getByRole('table', { name: 'Its figures: goal-too-soon' });
    expect(figures.querySelector('caption')!.getAttribute('data-part')).toBe('visually-hidden');
    expect(
      within(figures)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['minGoalYears']);

    // a second reason in its own words; a figure that is a list shows as stored
    const debt = screen.getByRole('heading', { level: 4, name: 'Pay off your high-interest debt first' }).closest('li')!;
    expect(debt.textContent).toContain('You owe $5,000 on your credit card at 19.99% a year.');
    const rows = within(within(debt).getByRole('table', { name: 'Its figures: high-interest-debt' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.firstElementChild!.textContent)).toEqual(['debts', 'highInterestRate']);
    expect(rows[0]!.textContent).toContain('"valueCents":500000');
    expect(rows[1]!.textContent).toContain('0.1');
  });

  it('links each statement’s PDF to the console’s route, with its hash, names and acceptances', async () => {
    renderConsole('/console/sites/s1/advice/f3', fakeAdvice().api());
    const link = await screen.findByRole('link', { name: /Download the statement of .* \(PDF\)/ });
    expect(link.getAttribute('href')).toBe('/console/api/sites/s1/advice-files/f3/statements/st1');
    expect(link.hasAttribute('download')).toBe(true);
    const item = link.closest('li')!;
    expect(item.textContent).toContain('Names: Alex Chen, Sam Chen');
    expect(item.textContent).toContain('ab'.repeat(32));
    expect(item.textContent).toContain('Accepted by Alex Chen');
  });

  it('the timeline shows every entry in order by kind, with its time and author; answers show what changed, and open', async () => {
    renderConsole('/console/sites/s1/advice/f3', fakeAdvice().api());
    await screen.findByRole('heading', { name: 'Timeline' });
    const items = [...timeline()];
    expect(items.map((li) => li.getAttribute('data-kind'))).toEqual([
      'consent',
      'answers',
      'answers',
      'resume-link',
      'advice-paused',
      'result',
      'statement',
      'acceptance',
      'partner-link',
    ]);
    expect(items.map((li) => li.querySelector('strong')!.textContent)).toEqual([
      'Consent',
      'Answers',
      'Answers',
      'Resume link issued',
      'Advice asked while paused',
      'Result',
      'Statement issued',
      'Accepted',
      'Partner link issued',
    ]);
    for (const li of items) {
      expect(li.querySelector('time')?.getAttribute('datetime')).toMatch(/^2026-11-25T09:/);
      expect(li.querySelector('p')!.textContent).toContain('Client');
    }
    expect(items[0]!.textContent).toContain('Keep my answers and advice.');
    expect(items[1]!.textContent).toContain('First answers');
    expect(items[2]!.textContent).toContain('Changed: age, income');
    const answers = within(items[2]! as HTMLElement)
      .getByText('Show the answers')
      .closest('details')!;
    expect(answers.textContent).toContain('income');
    expect(answers.textContent).toContain('{"annualCents":9000000}');
    expect(items[3]!.textContent).toContain('Emailed');
    expect(items[5]!.textContent).toContain('engine-3');
    expect(items[8]!.textContent).toContain('Not emailed');
  });

  it('an unknown file is the console’s Not found, with Try again', async () => {
    renderConsole('/console/sites/s1/advice/nope', fakeAdvice().api());
    expect(await screen.findByText('Not found, or not yours to see.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Advice file' })).toBeTruthy();
  });
});

describe('replay', () => {
  it('shows each figure that differs: then, now and the difference, with the versions before and after', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice/f3', advice.api());
    fireEvent.click(await screen.findByRole('button', { name: 'Replay with today’s engine' }));
    const table = await screen.findByRole('region', { name: 'Replay' });
    const replay = advice.calls.find((c) => c.path.endsWith('/replay'))!;
    expect(replay.method).toBe('POST');
    expect(replay.path).toBe('sites/s1/advice-files/f3/replay');
    const cells = [...within(table).getAllByRole('row')[1]!.children].map((c) => c.textContent);
    expect(cells).toEqual(['plan.monthlyNeededCents', '$450.00', '$475.50', '+$25.50']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Figure', 'Then', 'Now', 'Difference']);
    expect(screen.getByText(/Then: engine engine-3, assumptions 2026-07/)).toBeTruthy();
    expect(screen.getByText(/Now: engine engine-4, assumptions 2027-01/)).toBeTruthy();
  });

  it('says "No figure differs." when none does, and a changed outcome in words', async () => {
    const advice = fakeAdvice({ replay: { ...REPLAY, after: { ...REPLAY.after, status: 'unsuitable' }, differences: [] } });
    renderConsole('/console/sites/s1/advice/f3', advice.api());
    fireEvent.click(await screen.findByRole('button', { name: 'Replay with today’s engine' }));
    expect(await screen.findByText('No figure differs.')).toBeTruthy();
    expect(screen.getByText('The outcome changes: Recommendation → Refused: not suitable.')).toBeTruthy();
  });

  it('a replay that fails shows the server’s error, and the button tries again', async () => {
    const advice = fakeAdvice();
    advice.fail('POST replay');
    renderConsole('/console/sites/s1/advice/f3', advice.api());
    fireEvent.click(await screen.findByRole('button', { name: 'Replay with today’s engine' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on the server. Please try again.');
    advice.heal();
    fireEvent.click(screen.getByRole('button', { name: 'Replay with today’s engine' }));
    expect(await screen.findByRole('region', { name: 'Replay' })).toBeTruthy();
  });
});

describe('the review', () => {
  it('lists the checklist’s items in words; Sign off sends them, the notes and the outcome; the review then shows', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice/f3', advice.api());
    const checklist = (await screen.findByRole('group', { name: 'Checklist' })) as HTMLElement;
    expect(within(checklist).getAllByRole('checkbox')).toHaveLength(REVIEW_ITEMS.length);
    fireEvent.click(within(checklist).getByRole('checkbox', { name: 'The client’s identity and consent are on file' }));
    fireEvent.click(within(checklist).getByRole('checkbox', { name: 'Fees and costs are disclosed in dollars' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Needs action' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: '  Check the partner’s income.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign off' }));
    await waitFor(() => expect(timeline()).toHaveLength(10));
    const post = advice.calls.find((c) => c.path.endsWith('/reviews'))!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({
      checklist: {
        'identity-and-consent': true,
        'facts-complete': false,
        'refusal-or-scope-right': false,
        'recommendation-fits-goal': false,
        'fees-and-costs-disclosed': true,
        'risks-explained': false,
        'statement-matches-result': false,
      },
      notes: 'Check the partner’s income.',
      outcome: 'needs-action',
    });
    const review = timeline()[9]!;
    expect(review.querySelector('strong')!.textContent).toBe('Review signed off');
    expect(review.textContent).toContain('owner@example.com');
    expect(review.textContent).toContain('Outcome: Needs action');
    expect(review.textContent).toContain('Check the partner’s income.');
    expect(review.querySelector('[data-ticked="yes"]')!.textContent).toContain('Ticked:');
    // the form starts afresh for the next review, and says the review was signed off
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('');
    expect(
      within(checklist)
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked),
    ).toHaveLength(0);
    expect((screen.getByRole('radio', { name: 'Needs action' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('The review was signed off.').getAttribute('role')).toBe('status');
  });

  it('asks for an outcome, and for notes when action is needed, before it sends anything', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice/f3', advice.api());
    fireEvent.click(await screen.findByRole('button', { name: 'Sign off' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose an outcome.');
    // each problem is the description of what it is about: the outcome's group, the notes' field (console/ui.tsx Field)
    expect(screen.getByRole('group', { name: 'Outcome' }).getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    fireEvent.click(screen.getByRole('radio', { name: 'Needs action' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign off' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Say what action is needed.');
    expect(screen.getByRole('textbox', { name: 'Notes' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Notes' }).getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(advice.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: 'Satisfactory' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign off' }));
    await waitFor(() => expect(advice.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(reviewProblem('satisfactory', '')).toBeNull();
    expect(reviewProblem(null, 'x')).toBe('outcome');
  });

  it('a sign-off that fails keeps the form as it was and says so', async () => {
    const advice = fakeAdvice();
    advice.fail('POST reviews', 'NETWORK');
    renderConsole('/console/sites/s1/advice/f3', advice.api());
    fireEvent.click(await screen.findByRole('radio', { name: 'Satisfactory' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign off' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The server could not be reached. Check your connection and try again.');
    expect((screen.getByRole('radio', { name: 'Satisfactory' }) as HTMLInputElement).checked).toBe(true);
    expect(timeline()).toHaveLength(9);
  });
});
