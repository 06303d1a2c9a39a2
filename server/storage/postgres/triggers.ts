/**
 * What a site shows on given paths, on PostgreSQL: action buttons (widget-spec §7
 * action-triggers) and point-of-presence videos (widget-spec §3 "source POINT_OF_PRESENCE").
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { deepFreeze, newTrigger, now, pathMatches, reorderedPositions, toPresenceMessage, toTrigger } from '../records';
import type { PresenceMessage, TriggerStorage } from '../types';
import { insertAudit } from './audit';
import { AnnouncedCache, announcedTransaction } from './cache';
import { all, one, sql, transaction } from './db';
import type { Listener } from './listener';

// Names sort as SQLite's do (byte order), whatever the database's locale.
const Q = {
  triggers: sql('triggers', 'SELECT * FROM action_triggers WHERE site_id = $1 ORDER BY position, name COLLATE "C"'),
  trigger: sql('trigger_one', 'SELECT * FROM action_triggers WHERE site_id = $1 AND id = $2'),
  // a site's buttons are changed one change at a time (positions are read, then written)
  lockSite: sql('site_lock_for_trigger', 'SELECT id FROM sites WHERE id = $1 FOR UPDATE'),
  triggerCount: sql('trigger_count', 'SELECT count(*) AS n FROM action_triggers WHERE site_id = $1'),
  insertTrigger: sql(
    'trigger_insert',
    'INSERT INTO action_triggers (id, site_id, path, name, button_type, external_url, action_message, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
  ),
  updateTrigger: sql(
    'trigger_update',
    'UPDATE action_triggers SET path = $1, name = $2, button_type = $3, external_url = $4, action_message = $5 WHERE id = $6',
  ),
  moveTrigger: sql('trigger_move', 'UPDATE action_triggers SET position = $1 WHERE id = $2'),
  deleteTrigger: sql('trigger_delete', 'DELETE FROM action_triggers WHERE id = $1'),
  presence: sql('presence', 'SELECT * FROM presence_messages WHERE site_id = $1 AND show_on_visit ORDER BY created_at'),
  allPresence: sql('presence_all', 'SELECT * FROM presence_messages WHERE site_id = $1 ORDER BY created_at, id COLLATE "C"'),
  onePresence: sql('presence_one', 'SELECT * FROM presence_messages WHERE site_id = $1 AND id = $2'),
  insertPresence: sql(
    'presence_insert',
    'INSERT INTO presence_messages (id, site_id, trigger_path, video_id, content, show_on_visit, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
  ),
  deletePresence: sql('presence_delete', 'DELETE FROM presence_messages WHERE id = $1'),
};

/**
 * The trigger methods of the storage. Every history read asks for its page's presence videos, so each site's are
 * cached, frozen, until a write on any instance announces a change.
 */
export function postgresTriggers(pool: pg.Pool, listener: Listener): TriggerStorage {
  const presenceBySite = new AnnouncedCache<string, readonly PresenceMessage[]>(listener, 1000);

  return {
    addActionTrigger: (siteId, t, audit) =>
      transaction(pool, async (db) => {
        const id = randomUUID();
        await db.query(Q.lockSite([siteId]));
        const position = t.position ?? Number((await one(db, Q.triggerCount([siteId])))!.n);
        const { record, values } = newTrigger(id, siteId, t, position);
        await db.query(Q.insertTrigger(values));
        if (audit) await insertAudit(db, audit(record));
        return record;
      }),
    actionTriggersForPath: async (siteId, p) =>
      (await all(pool, Q.triggers([siteId]))).map(toTrigger).filter((t) => pathMatches(t.path, p)),
    listActionTriggers: async (siteId) => (await all(pool, Q.triggers([siteId]))).map(toTrigger),
    updateActionTrigger: (siteId, id, t, audit) =>
      transaction(pool, async (db) => {
        await db.query(Q.lockSite([siteId]));
        const r = await one(db, Q.trigger([siteId, id]));
        if (!r) return null;
        const before = toTrigger(r);
        const { record, values } = newTrigger(id, siteId, t, before.position);
        await db.query(Q.updateTrigger([...values.slice(2, 7), id]));
        if (audit) await insertAudit(db, audit(before, record));
        return record;
      }),
    deleteActionTrigger: (siteId, id, audit) =>
      transaction(pool, async (db) => {
        await db.query(Q.lockSite([siteId]));
        const r = await one(db, Q.trigger([siteId, id]));
        if (!r) return null;
        const before = toTrigger(r);
        await db.query(Q.deleteTrigger([id]));
        if (audit) await insertAudit(db, audit(before));
        return before;
      }),
    reorderActionTriggers: (siteId, p, ids, audit) =>
      transaction(pool, async (db) => {
        await db.query(Q.lockSite([siteId]));
        const before = (await all(db, Q.triggers([siteId]))).map(toTrigger).filter((t) => t.path === p);
        const after = reorderedPositions(before, ids);
        if (after === 'CONFLICT') return after;
        for (const t of after) await db.query(Q.moveTrigger([t.position, t.id]));
        if (audit) await insertAudit(db, audit(before, after));
        return after;
      }),
    addPresenceMessage: (siteId, m, audit) =>
      announcedTransaction(pool, listener, async (db) => {
        const added: PresenceMessage = { id: randomUUID(), createdAt: now(), ...m };
        await db.query(Q.insertPresence([added.id, siteId, m.triggerEventUrl, m.videoId, m.content, m.showOnVisit, added.createdAt]));
        if (audit) await insertAudit(db, audit(added));
        return added;
      }),
    presenceMessagesForPath: async (siteId, p) =>
      (await presenceBySite.get(siteId, async () => deepFreeze((await all(pool, Q.presence([siteId]))).map(toPresenceMessage)))).filter(
        (m) => pathMatches(m.triggerEventUrl, p),
      ),
    listPresenceMessages: async (siteId) => (await all(pool, Q.allPresence([siteId]))).map(toPresenceMessage),
    deletePresenceMessage: (siteId, id, audit) =>
      announcedTransaction(pool, listener, async (db) => {
        const r = await one(db, Q.onePresence([siteId, id]));
        if (!r) return null;
        const before = toPresenceMessage(r);
        await db.query(Q.deletePresence([id]));
        if (audit) await insertAudit(db, audit(before));
        return before;
      }),
  };
}
