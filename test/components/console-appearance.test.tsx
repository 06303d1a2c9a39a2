/**
 * The console's appearance editor (console/screens/appearance.tsx) in happy-dom over a fake API: every §3 group
 * and its fields with their defaults, a change and its reset, the validation's message and the contrast warning at
 * the field, Save with its base version, the conflict, Discard, the versions and a restore, the preview's frame.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import type { IBrowserSettings } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../console/api';
import type { AppearanceApi } from '../../console/appearance/effects';
import { FIELD_GROUPS } from '../../console/appearance/fields';
import { AppearanceScreen } from '../../console/screens/appearance';
import type { Fields } from '../../machines/console-appearance';

interface Saved {
  version: number;
  appearance: Fields;
  savedAt: string;
  savedBy: string;
  restoredFrom?: number;
}

/** A fake of the console's API for one site's appearance: its versions, newest last, and the calls made. */
function fakeApi(initial: Fields = { agentName: 'Ada' }) {
  const versions: Saved[] = [{ version: 1, appearance: initial, savedAt: '2026-11-20T09:00:00Z', savedBy: 'owner@example.com' }];
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const state = { conflict: false };
  const newest = () => versions[versions.length - 1]!;
  const publish = (appearance: Fields, restoredFrom?: number) =>
    versions.push({
      version: newest().version + 1,
      appearance,
      savedAt: '2026-11-26T10:00:00Z',
      savedBy: 'editor@example.com',
      restoredFrom,
    });
  const api: AppearanceApi = {
    async appearance(id) {
      calls.push({ method: 'GET', path: `sites/${id}/appearance` });
      return newest();
    },
    async appearanceVersions(id) {
      calls.push({ method: 'GET', path: `sites/${id}/appearance/versions` });
      return [...versions].reverse().map(({ version, savedAt, savedBy, restoredFrom }) => ({ version, savedAt, savedBy, restoredFrom }));
    },
    async appearanceVersion(id, n) {
      calls.push({ method: 'GET', path: `sites/${id}/appearance/versions/${n}` });
      return versions.find((v) => v.version === n)!;
    },
    async saveAppearance(id, appearance, baseVersion) {
      calls.push({ method: 'PUT', path: `sites/${id}/appearance`, body: { appearance, baseVersion } });
      if (state.conflict) throw new ApiError('CONFLICT', 409);
      publish(appearance);
      return { version: newest().version };
    },
    async restoreAppearance(id, n) {
      calls.push({ method: 'POST', path: `sites/${id}/appearance/versions/${n}/restore` });
      publish(versions.find((v) => v.version === n)!.appearance, n);
      return { version: newest().version };
    },
  };
  return { api, calls, state, versions };
}

async function renderScreen(fake = fakeApi()) {
  const user = userEvent.setup();
  render(<AppearanceScreen siteId="site-1" api={fake.api} />);
  await screen.findByText(/Published: version 1/);
  return { user, fake };
}

/** Opens a group's disclosure. */
const openGroup = (title: string) => {
  const summary = screen.getByText(title, { selector: 'summary' });
  (summary.parentElement as HTMLDetailsElement).open = true;
  return summary.parentElement as HTMLElement;
};

describe('the appearance editor', () => {
  // the preview's page is the browser tests' (test/e2e/console-appearance.test.ts); here its frame stays empty
  beforeAll(() => {
    (window as unknown as { happyDOM: { settings: IBrowserSettings } }).happyDOM.settings.navigation.disableChildFrameNavigation = true;
  });

  it('shows every §3 group, each field labelled, with the defaults shown', async () => {
    await renderScreen();
    const groups = [
      'Agent',
      'Layout',
      'Messages',
      'Launcher',
      'Footer',
      'Bubble',
      'Chat display',
      'Input',
      'Buttons and history list',
      'Home',
      'Follow-up and response buttons',
    ];
    expect([...document.querySelectorAll('summary')].map((s) => s.textContent)).toEqual(groups);
    const count = FIELD_GROUPS.reduce((n, g) => n + g.fields.length, 0);
    expect(document.querySelectorAll('[data-part="field"]')).toHaveLength(count);
    // every control has a label
    for (const field of document.querySelectorAll('[data-part="field"]')) {
      const input = field.querySelector('input:not([type="color"]), select, textarea') as HTMLElement;
      expect(field.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    }

    const launcher = openGroup('Launcher');
    const bg = within(launcher).getByLabelText('Background colour') as HTMLInputElement;
    expect(bg.value).toBe('');
    expect(bg.placeholder).toBe('Default #2563eb');
    expect((within(launcher).getByLabelText('Background colour: picker') as HTMLInputElement).value).toBe('#2563eb');
    const size = within(launcher).getByLabelText('Size') as HTMLInputElement;
    expect(size.placeholder).toBe('Default: 60');
    expect(size.closest('.field')?.textContent).toContain('px');
    expect((within(launcher).getByLabelText('Alignment') as HTMLSelectElement).value).toBe('');
    expect((within(launcher).getByLabelText('Pulse animation') as HTMLInputElement).checked).toBe(false);
    // a field the site set shows its value, with its reset
    expect((screen.getByLabelText('Agent name') as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByRole('button', { name: 'Reset to default: Agent name' })).toBeTruthy();
  });

  it('a change marks the draft unsaved; Reset to default clears the field', async () => {
    const { user } = await renderScreen();
    const name = screen.getByLabelText('Agent name') as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Bea');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset to default: Agent name' }));
    expect(name.value).toBe('');
    expect(name.placeholder).toBe('Default: AI Agent');
  });

  it('a stored value the validation refuses shows at its field, and Save stays off', async () => {
    const fake = fakeApi({ launcher: { alignment: 'middle' } });
    const { user } = await renderScreen(fake);
    openGroup('Launcher');
    const alignment = screen.getByLabelText('Alignment');
    expect(alignment.getAttribute('aria-invalid')).toBe('true');
    const problem = document.getElementById(alignment.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(problem.textContent).toBe('launcher.alignment must be one of left, right, not "middle"');
    await user.type(screen.getByLabelText('Agent name'), 'Bea');
    expect((screen.getByRole('button', { name: 'Save and publish' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a colour typo is marked at its field with the validation’s words; fixing it clears the mark', async () => {
    const { user } = await renderScreen();
    openGroup('Launcher');
    const bg = screen.getByLabelText('Background colour');
    fireEvent.input(bg, { target: { value: '#e11d4' } });
    expect(bg.getAttribute('aria-invalid')).toBe('true');
    expect(bg.closest('.field')!.querySelector('.field__problem')!.textContent).toBe(
      'launcher.backgroundColor "#e11d4" is not a colour (allowed: a colour: #rgb, #rrggbb, #rrggbbaa, rgb(…), rgba(…), hsl(…), hsla(…) or transparent)',
    );
    expect((screen.getByRole('button', { name: 'Save and publish' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(bg, '8');
    expect(bg.getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByRole('button', { name: 'Save and publish' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('warns at both fields where text falls below AA contrast, with the ratio', async () => {
    await renderScreen();
    const messages = openGroup('Messages');
    const text = within(messages).getByLabelText('AI message text colour');
    fireEvent.input(text, { target: { value: '#d1d5db' } });
    const warningOf = (el: HTMLElement) => el.closest('.field')!.querySelector('.field__warning')?.textContent;
    expect(warningOf(text)).toMatch(/^Low contrast: 1\.\d:1 with AI message background colour/);
    expect(warningOf(within(messages).getByLabelText('AI message background colour'))).toMatch(/with AI message text colour/);
  });

  it('Save publishes the draft on its base version and lists the new version', async () => {
    const { user, fake } = await renderScreen();
    openGroup('Launcher');
    const bg = screen.getByLabelText('Background colour');
    fireEvent.input(bg, { target: { value: '#e11d48' } });
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    await screen.findByText(/Published: version 2/);
    expect(fake.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: 'sites/site-1/appearance',
      body: { appearance: { agentName: 'Ada', launcher: { backgroundColor: '#e11d48' } }, baseVersion: 1 },
    });
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByRole('rowheader', { name: '2 (current)' })).toBeTruthy();
  });

  it('a version saved elsewhere says so, and Reload keeps the draft over the newest', async () => {
    const { user, fake } = await renderScreen();
    fake.state.conflict = true;
    await user.type(screen.getByLabelText('Agent name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect((await screen.findByRole('alert')).textContent).toContain('changed elsewhere');
    fake.state.conflict = false;
    fake.versions.push({ version: 2, appearance: { agentName: 'Other' }, savedAt: '2026-11-26T09:00:00Z', savedBy: 'b@example.com' });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await screen.findByText(/Published: version 2/);
    expect((screen.getByLabelText('Agent name') as HTMLInputElement).value).toBe('Ada!');
  });

  it('Discard asks first when there are changes, then drops them', async () => {
    const { user } = await renderScreen();
    await user.type(screen.getByLabelText('Agent name'), '!');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    // the console's modal dialog (happy-dom does not open <dialog>, hence `hidden`)
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.querySelector('h2')!.textContent).toBe('Discard your changes?');
    // the safe choice has the focus
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel', hidden: true })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect((screen.getByLabelText('Agent name') as HTMLInputElement).value).toBe('Ada!');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    fireEvent.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Discard changes', hidden: true }));
    await waitFor(() => expect((screen.getByLabelText('Agent name') as HTMLInputElement).value).toBe('Ada'));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('views an earlier version’s fields and restores it, after confirming', async () => {
    const { user, fake } = await renderScreen();
    await user.clear(screen.getByLabelText('Agent name'));
    await user.type(screen.getByLabelText('Agent name'), 'Bea');
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    await screen.findByText(/Published: version 2/);

    await user.click(screen.getByRole('button', { name: 'View version 1' }));
    const heading = await screen.findByRole('heading', { name: 'Version 1' });
    const panel = heading.parentElement!;
    await within(panel).findByText('Ada');
    expect(within(panel).getByText('Agent name')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Restore version 1' }));
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'Restore', hidden: true }));
    await screen.findByText(/Published: version 3/);
    expect(fake.calls.some((c) => c.method === 'POST' && c.path === 'sites/site-1/appearance/versions/1/restore')).toBe(true);
    expect((screen.getByLabelText('Agent name') as HTMLInputElement).value).toBe('Ada');
    const row = screen.getByRole('rowheader', { name: '3 (current)' }).closest('tr')!;
    expect(row.textContent).toContain('editor@example.com');
    expect(within(row).getAllByRole('cell')[2]!.textContent).toBe('1');
  });

  it('asks before the page is left with unsaved changes', async () => {
    const { user } = await renderScreen();
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Agent name'), '!');
    await waitFor(() => expect(unload()).toBe(true));
  });

  it('a viewer sees the fields and the versions, and can change nothing', async () => {
    const fake = fakeApi();
    fake.versions.push({ version: 2, appearance: {}, savedAt: '2026-11-21T09:00:00Z', savedBy: 'owner@example.com' });
    render(<AppearanceScreen siteId="site-1" api={fake.api} canEdit={false} />);
    await screen.findByText(/can view this site’s appearance/);
    // the group's fieldset is disabled, and with it every control inside
    expect(screen.getByLabelText('Agent name').closest('fieldset')!.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save and publish' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore version 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View version 1' })).toBeTruthy();
  });

  it('shows the preview page in a titled frame, with its open and phone-width toggles', async () => {
    const { user } = await renderScreen();
    const frame = screen.getByTitle('Live preview: the widget with your draft on a sample page') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/console/preview?site=site-1');
    const phone = screen.getByRole('checkbox', { name: 'Phone width (390 px)' });
    await user.click(phone);
    expect(frame.closest('[data-part="preview"]')!.hasAttribute('data-phone')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Show the chat open' })).toBeTruthy();
  });

  it('calls the preview page’s widget: the whole draft once the frame has loaded, each change, and the window open or closed', async () => {
    const { user } = await renderScreen();
    const frame = screen.getByTitle('Live preview: the widget with your draft on a sample page') as HTMLIFrameElement;
    const calls: unknown[][] = [];
    // the page's stub, as console/preview/preview.ts sets it before its load event
    (frame.contentWindow as unknown as { AIChatWidget: object }).AIChatWidget = Object.fromEntries(
      ['setAppearance', 'open', 'close'].map((m) => [m, (...args: unknown[]) => void calls.push([m, ...args])]),
    );
    fireEvent.load(frame);
    // (the window's first state may also be called as the screen's effects run: the last calls count)
    expect(calls.slice(-2)).toEqual([
      ['setAppearance', expect.objectContaining({ agentName: 'Ada', userMessage: expect.any(Object) })],
      ['close'],
    ]);
    await user.type(screen.getByLabelText('Agent name'), 'x');
    expect(calls.at(-1)).toEqual(['setAppearance', expect.objectContaining({ agentName: 'Adax' })]);
    await user.click(screen.getByRole('checkbox', { name: 'Show the chat open' }));
    // (as the toggle's effect runs, after the render)
    await waitFor(() => expect(calls.at(-1)).toEqual(['open']));
  });
});
