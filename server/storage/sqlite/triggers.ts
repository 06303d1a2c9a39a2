/**
 * What a site shows on given paths, on SQLite: action buttons (widget-spec §7
 * action-triggers) and point-of-presence videos (widget-spec §3 "source POINT_OF_PRESENCE").
 */
import { randomUUID } from 'node:crypto';
import { deepFreeze, newTrigger, now, pathMatches, toPresenceMessage, toTrigger } from '../records';
import type { PresenceMessage, TriggerStorage } from '../types';
import { GenerationCache, generationOf } from './cache';
import type { Db, Row, Sync } from './db';

/**
 * The trigger methods of the storage on `db`. Every history read asks for its page's
 * presence videos, so each site's are cached, frozen, until a write here or on another
 * connection to the file ({@link generationOf}: the admin CLI adds them).
 */
export function sqliteTriggers(db: Db): Sync<TriggerStorage> {
  const generation = generationOf(db);
  const presenceBySite = new GenerationCache<string, readonly PresenceMessage[]>(generation, 1000);
  const triggers = db.prepare<[string], Row>('SELECT * FROM action_triggers WHERE site_id = ? ORDER BY position, name');
  const presence = db.prepare<[string], Row>('SELECT * FROM presence_messages WHERE site_id = ? AND show_on_visit = 1 ORDER BY created_at');
  const insertTrigger = db.prepare(
    'INSERT INTO action_triggers (id, site_id, path, name, button_type, external_url, action_message, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertPresence = db.prepare(
    'INSERT INTO presence_messages (id, site_id, trigger_path, video_id, content, show_on_visit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );

  return {
    addActionTrigger(siteId, t) {
      const id = randomUUID();
      const position = t.position ?? triggers.all(siteId).length;
      const { record, values } = newTrigger(id, siteId, t, position);
      insertTrigger.run(...values);
      return record;
    },
    actionTriggersForPath: (siteId, p) =>
      triggers
        .all(siteId)
        .map(toTrigger)
        .filter((t) => pathMatches(t.path, p)),
    addPresenceMessage(siteId, m) {
      const id = randomUUID();
      const createdAt = now();
      insertPresence.run(id, siteId, m.triggerEventUrl, m.videoId, m.content, m.showOnVisit ? 1 : 0, createdAt);
      generation.bump();
      return { id, createdAt, ...m };
    },
    presenceMessagesForPath: (siteId, p) =>
      presenceBySite
        .get(siteId, () => deepFreeze(presence.all(siteId).map(toPresenceMessage)))
        .filter((m) => pathMatches(m.triggerEventUrl, p)),
  };
}
