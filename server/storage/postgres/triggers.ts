/**
 * What a site shows on given paths, on PostgreSQL: action buttons (widget-spec §7
 * action-triggers) and point-of-presence videos (widget-spec §3 "source POINT_OF_PRESENCE").
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { deepFreeze, newTrigger, now, pathMatches, toPresenceMessage, toTrigger } from '../records';
import type { PresenceMessage, TriggerStorage } from '../types';
import { AnnouncedCache, announcedTransaction } from './cache';
import { all, one, sql, transaction } from './db';
import type { Listener } from './listener';

// Names sort as SQLite's do (byte order), whatever the database's locale.
const Q = {
  triggers: sql('triggers', 'SELECT * FROM action_triggers WHERE site_id = $1 ORDER BY position, name COLLATE "C"'),
  lockSite: sql('site_lock_for_trigger', 'SELECT id FROM sites WHERE id = $1 FOR UPDATE'),
  triggerCount: sql('trigger_count', 'SELECT count(*) AS n FROM action_triggers WHERE site_id = $1'),
  insertTrigger: sql(
    'trigger_insert',
    'INSERT INTO action_triggers (id, site_id, path, name, button_type, external_url, action_message, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
  ),
  presence: sql('presence', 'SELECT * FROM presence_messages WHERE site_id = $1 AND show_on_visit ORDER BY created_at'),
  insertPresence: sql(
    'presence_insert',
    'INSERT INTO presence_messages (id, site_id, trigger_path, video_id, content, show_on_visit, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
  ),
};

/**
 * The trigger methods of the storage. Every history read asks for its page's presence videos, so each site's are
 * cached, frozen, until a write on any instance announces a change.
 */
export function postgresTriggers(pool: pg.Pool, listener: Listener): TriggerStorage {
  const presenceBySite = new AnnouncedCache<string, readonly PresenceMessage[]>(listener, 1000);

  return {
    addActionTrigger: (siteId, t) =>
      transaction(pool, async (db) => {
        const id = randomUUID();
        await db.query(Q.lockSite([siteId]));
        const position = t.position ?? Number((await one(db, Q.triggerCount([siteId])))!.n);
        const { record, values } = newTrigger(id, siteId, t, position);
        await db.query(Q.insertTrigger(values));
        return record;
      }),
    actionTriggersForPath: async (siteId, p) =>
      (await all(pool, Q.triggers([siteId]))).map(toTrigger).filter((t) => pathMatches(t.path, p)),
    async addPresenceMessage(siteId, m) {
      const id = randomUUID();
      const createdAt = now();
      await announcedTransaction(pool, listener, async (db) => {
        await db.query(Q.insertPresence([id, siteId, m.triggerEventUrl, m.videoId, m.content, m.showOnVisit, createdAt]));
      });
      return { id, createdAt, ...m };
    },
    presenceMessagesForPath: async (siteId, p) =>
      (await presenceBySite.get(siteId, async () => deepFreeze((await all(pool, Q.presence([siteId]))).map(toPresenceMessage)))).filter(
        (m) => pathMatches(m.triggerEventUrl, p),
      ),
  };
}
