/**
 * A site's action buttons per page path (widget-spec §3 "Response button / action button", §7 action-triggers) and its
 * presence videos per path (§1 "point-of-presence videos", §3 source POINT_OF_PRESENCE): viewers read them, editors
 * change them; every change is written with its audit entry (before and after). contract/media-fields.ts is the one
 * validation.
 */
import { actionButtonProblems, type MediaIssue, presenceProblems } from '../../contract/media-fields';
import type { ActionTrigger, ActionTriggerFields, PresenceMessage } from '../storage/types';
import { type Actor, type Context, need } from './context';
import { invalid, OperationError } from './errors';

/** A presence video as the console lists it: with its video's name. */
export interface PresenceView {
  id: string;
  path: string;
  videoId: string;
  videoName: string;
  content: string;
  showOnVisit: boolean;
  createdAt: string;
}

/** Refuses the first of `issues` (its message lists them all, a line each). */
export function refuseIssues(issues: readonly MediaIssue[]): void {
  const [first] = issues;
  if (first) throw invalid(first.field, issues.map((i) => i.message).join('\n'), first.allowed);
}

/** An action button's fields as stored: trimmed, with only its type's target. */
function buttonFields(input: unknown): ActionTriggerFields {
  refuseIssues(actionButtonProblems(input));
  const b = input as Record<string, string>;
  const base = { path: b.path!, name: b.name!.trim(), buttonType: b.buttonType as ActionTrigger['buttonType'] };
  return b.buttonType === 'EXTERNAL_LINK'
    ? { ...base, externalUrl: new URL(b.externalUrl!).href }
    : { ...base, actionMessage: b.actionMessage!.trim() };
}

/** A button as the audit log records it (its id, path, name, type, target and position). */
const recorded = (t: ActionTrigger) => ({ ...t });

const notFound = (what: string, id: string) => new OperationError('NOT_FOUND', `no ${what} "${id.slice(0, 64)}" on this site`, what);

export function buttonOperations(c: Context) {
  return {
    /** Every action button of the site, in their order (viewers and up). */
    async listButtons(actor: Actor, siteId: string): Promise<ActionTrigger[]> {
      await need(c, actor, siteId, 'viewer');
      return c.storage.listActionTriggers(siteId);
    },

    /** Adds an action button, last on its path (editors and up). */
    async addButton(actor: Actor, siteId: string, input: unknown): Promise<ActionTrigger> {
      await need(c, actor, siteId, 'editor');
      const fields = buttonFields(input);
      return c.storage.addActionTrigger(siteId, fields, (after) => ({
        siteId,
        actor,
        action: 'button.add',
        before: null,
        after: recorded(after),
      }));
    },

    /** Replaces an action button's fields (editors and up); NOT_FOUND for another site's button. */
    async editButton(actor: Actor, siteId: string, id: string, input: unknown): Promise<ActionTrigger> {
      await need(c, actor, siteId, 'editor');
      const fields = buttonFields(input);
      const saved = await c.storage.updateActionTrigger(siteId, id, fields, (before, after) => ({
        siteId,
        actor,
        action: 'button.edit',
        before: recorded(before),
        after: recorded(after),
      }));
      if (!saved) throw notFound('button', id);
      return saved;
    },

    /** Removes an action button (editors and up). */
    async removeButton(actor: Actor, siteId: string, id: string): Promise<void> {
      await need(c, actor, siteId, 'editor');
      const gone = await c.storage.deleteActionTrigger(siteId, id, (before) => ({
        siteId,
        actor,
        action: 'button.remove',
        before: recorded(before),
        after: null,
      }));
      if (!gone) throw notFound('button', id);
    },

    /**
     * Puts one path's buttons in the order of `ids` (editors and up): CONFLICT when `ids` are not exactly that path's
     * buttons (one was added or removed since the list was read).
     */
    async reorderButtons(actor: Actor, siteId: string, input: { path?: unknown; ids?: unknown }): Promise<ActionTrigger[]> {
      await need(c, actor, siteId, 'editor');
      const { path, ids } = input;
      if (typeof path !== 'string' || !path) throw invalid('path', 'path names the buttons’ path', 'a path as stored');
      if (!Array.isArray(ids) || ids.length > 1000 || !ids.every((id) => typeof id === 'string'))
        throw invalid('ids', 'ids lists the path’s buttons in their new order', 'a list of button ids');
      const after = await c.storage.reorderActionTriggers(siteId, path, ids as string[], (b, a) => ({
        siteId,
        actor,
        action: 'button.reorder',
        before: { path, ids: b.map((t) => t.id) },
        after: { path, ids: a.map((t) => t.id) },
      }));
      if (after === 'CONFLICT')
        throw new OperationError('CONFLICT', `the buttons of ${path.slice(0, 64)} changed since they were read: reload them`, 'ids');
      return after;
    },

    /** Every presence video of the site, oldest first, with its video's name (viewers and up). */
    async listPresence(actor: Actor, siteId: string): Promise<PresenceView[]> {
      await need(c, actor, siteId, 'viewer');
      const names = new Map((await c.storage.listVideos(siteId)).map((v) => [v.id, v.name]));
      return (await c.storage.listPresenceMessages(siteId)).map((m) => presenceView(m, names.get(m.videoId) ?? ''));
    },

    /** Shows one of the site's videos on a path (editors and up): INVALID for a video that is not the site's. */
    async addPresence(actor: Actor, siteId: string, input: unknown): Promise<PresenceView> {
      await need(c, actor, siteId, 'editor');
      refuseIssues(presenceProblems(input));
      const p = input as { path: string; videoId: string; content?: string };
      const video = await c.storage.getVideo(p.videoId);
      // another site's video is refused as one that does not exist
      if (!video || video.siteId !== siteId)
        throw invalid('videoId', 'videoId must name one of the site’s videos', "one of the site's videos");
      const added = await c.storage.addPresenceMessage(
        siteId,
        { triggerEventUrl: p.path, videoId: video.id, content: p.content?.trim() ?? '', showOnVisit: true },
        (after) => ({ siteId, actor, action: 'presence.add', before: null, after: presenceView(after, video.name) }),
      );
      return presenceView(added, video.name);
    },

    /** Stops showing a presence video (editors and up). */
    async removePresence(actor: Actor, siteId: string, id: string): Promise<void> {
      await need(c, actor, siteId, 'editor');
      const gone = await c.storage.deletePresenceMessage(siteId, id, (before) => ({
        siteId,
        actor,
        action: 'presence.remove',
        before: presenceView(before, ''),
        after: null,
      }));
      if (!gone) throw notFound('presence', id);
    },
  };
}

function presenceView(m: PresenceMessage, videoName: string): PresenceView {
  return {
    id: m.id,
    path: m.triggerEventUrl,
    videoId: m.videoId,
    videoName,
    content: m.content,
    showOnVisit: m.showOnVisit,
    createdAt: m.createdAt,
  };
}
