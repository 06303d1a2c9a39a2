/**
 * The table of the console's screens: each loads on demand, as a chunk of its own (size-budget.json names each).
 * The props every screen takes: the site's id on a site's screens, the invitation's token, the API client.
 */
import { type ComponentType, lazy } from 'react';
import type { RouteName } from '../../machines/console-router';
import type { ConsoleApi } from '../api';

/** What the frame gives each screen. */
export interface ScreenProps {
  siteId: string;
  token: string;
  /** the conversation whose transcript shows (the inbox's `/inbox/:conversationId`) */
  conversationId: string;
  /** the advice file that shows (the Advice tab's `/advice/:fileId`) */
  fileId: string;
  api: ConsoleApi;
  /** Whether the account's role on the site allows changes (an editor or an owner); false for a viewer. */
  canEdit: boolean;
  /** Makes going elsewhere in the app ask first while a screen has unsaved changes; returns its removal. */
  guardLeave: () => () => void;
}

type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;
const screen =
  <K extends string>(load: () => Promise<Record<K, ComponentType<ScreenProps>>>, name: K): Loader =>
  () =>
    load().then((m) => ({ default: m[name] }));

const LOADERS: Record<Exclude<RouteName, 'notFound'>, Loader> = {
  signIn: screen(() => import('./sign-in'), 'SignInScreen'),
  invite: screen(() => import('./invite'), 'InviteScreen'),
  sites: screen(() => import('./sites'), 'SitesScreen'),
  overview: screen(() => import('./overview'), 'OverviewScreen'),
  // the appearance editor is its own module: it takes `{ siteId, api, canEdit, guardLeave }`
  appearance: screen(() => import('./appearance') as Promise<Record<'AppearanceScreen', ComponentType<ScreenProps>>>, 'AppearanceScreen'),
  members: screen(() => import('./members'), 'MembersScreen'),
  audit: screen(() => import('./audit'), 'AuditScreen'),
  inbox: screen(() => import('./inbox'), 'InboxScreen'),
  conversation: screen(() => import('./inbox'), 'ConversationScreen'),
  analytics: screen(() => import('./analytics'), 'AnalyticsScreen'),
  account: screen(() => import('./account'), 'AccountScreen'),
  documents: screen(() => import('./documents'), 'DocumentsScreen'),
  videos: screen(() => import('./videos'), 'VideosScreen'),
  buttons: screen(() => import('./buttons'), 'ButtonsScreen'),
  advice: screen(() => import('./advice'), 'AdviceScreen'),
  adviceFile: screen(() => import('./advice-file'), 'AdviceFileScreen'),
};

/** Each screen as a lazy component (loaded the first time it shows). */
export const SCREENS = Object.fromEntries(Object.entries(LOADERS).map(([name, load]) => [name, lazy(load)])) as Record<
  keyof typeof LOADERS,
  ComponentType<ScreenProps>
>;
