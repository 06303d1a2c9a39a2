/** The inbox machine's effects in the browser: the list's reads (console/inbox/api.ts) and the address bar's query. */
import { fromCallback, fromPromise } from 'xstate';
import type { AddressCommand, InboxEvent, InboxPage, InboxPageInput } from '../../machines/console-inbox';
import type { ConsoleApi } from '../api';
import { inboxApi } from './api';

/** The query of the address bar: reported at start, replaced as the filters change (the path stays the router's). */
export const browserAddress = fromCallback<AddressCommand>(({ receive, sendBack }) => {
  receive((command) => {
    if (location.search !== command.query) history.replaceState(history.state, '', location.pathname + command.query);
  });
  sendBack({ type: 'ADDRESS.READ', query: location.search } satisfies InboxEvent);
});

/** The inbox machine's effects for one site. */
export const inboxEffects = (api: ConsoleApi, siteId: string) => {
  const calls = inboxApi(api, siteId);
  return {
    page: fromPromise<InboxPage<unknown>, InboxPageInput>(({ input }) => calls.page(input.filters, input.cursor)),
    address: browserAddress,
  };
};
