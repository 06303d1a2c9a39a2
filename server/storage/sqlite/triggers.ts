/**
 * What a site shows on given paths, on SQLite: action buttons (widget-spec §7
 * action-triggers) and point-of-presence videos (widget-spec §3 "source POINT_OF_PRESENCE").
 */
import { randomUUID } from 'node:crypto';
import { deepFreeze, newTrigger, now, pathMatches, reorderedPositions, toPresenceMessage, toTrigger } from '../records';
import type { PresenceMessage, TriggerStorage } from '../types';
import { auditWriter } from './audit';
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
  const trigger = db.prepare<[string, string], Row>('SELECT * FROM action_triggers WHERE site_id = ? AND id = ?');
  const insertTrigger = db.prepare(
    'INSERT INTO action_triggers (id, site_id, path, name, button_type, external_url, action_message, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const updateTrigger = db.prepare(
    'UPDATE action_triggers SET path = ?, name = ?, button_type = ?, external_url = ?, action_message = ? WHERE id = ?',
  );
  const moveTrigger = db.prepare('UPDATE action_triggers SET position = ? WHERE id = ?');
  const deleteTrigger = db.prepare('DELETE FROM action_triggers WHERE id = ?');
  const presence = db.prepare<[string], Row>('SELECT * FROM presence_messages WHERE site_id = ? AND show_on_visit = 1 ORDER BY created_at');
  const allPresence = db.prepare<[string], Row>('SELECT * FROM presence_messages WHERE site_id = ? ORDER BY created_at, id');
  const onePresence = db.prepare<[string, string], Row>('SELECT * FROM presence_messages WHERE site_id = ? AND id = ?');
  const insertPresence = db.prepare(
    'INSERT INTO presence_messages (id, site_id, trigger_path, video_id, content, show_on_visit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const deletePresence = db.prepare('DELETE FROM presence_messages WHERE id = ?');
  const writeAudit = auditWriter(db);

  return {
    addActionTrigger: (siteId, t, audit) =>
      db.transaction(() => {
        const id = randomUUID();
        const position = t.position ?? triggers.all(siteId).length;
        const { record, values } = newTrigger(id, siteId, t, position);
        insertTrigger.run(...values);
        if (audit) writeAudit(audit(record));
        return record;
      })(),
    actionTriggersForPath: (siteId, p) =>
      triggers
        .all(siteId)
        .map(toTrigger)
        .filter((t) => pathMatches(t.path, p)),
    listActionTriggers: (siteId) => triggers.all(siteId).map(toTrigger),
    updateActionTrigger: (siteId, id, t, audit) =>
      db.transaction(() => {
        const r = trigger.get(siteId, id);
        if (!r) return null;
        const before = toTrigger(r);
        const { record, values } = newTrigger(id, siteId, t, before.position);
        updateTrigger.run(...values.slice(2, 7), id);
        if (audit) writeAudit(audit(before, record));
        return record;
      })(),
    deleteActionTrigger: (siteId, id, audit) =>
      db.transaction(() => {
        const r = trigger.get(siteId, id);
        if (!r) return null;
        const before = toTrigger(r);
        deleteTrigger.run(id);
        if (audit) writeAudit(audit(before));
        return before;
      })(),
    reorderActionTriggers: (siteId, p, ids, audit) =>
      db.transaction(() => {
        const before = triggers
          .all(siteId)
          .map(toTrigger)
          .filter((t) => t.path === p);
        const after = reorderedPositions(before, ids);
        if (after === 'CONFLICT') return after;
        for (const t of after) moveTrigger.run(t.position, t.id);
        if (audit) writeAudit(audit(before, after));
        return after;
      })(),
    addPresenceMessage(siteId, m, audit) {
      const record = db.transaction(() => {
        const id = randomUUID();
        const createdAt = now();
        insertPresence.run(id, siteId, m.triggerEventUrl, m.videoId, m.content, m.showOnVisit ? 1 : 0, createdAt);
        const added: PresenceMessage = { id, createdAt, ...m };
        if (audit) writeAudit(audit(added));
        return added;
      })();
      generation.bump();
      return record;
    },
    presenceMessagesForPath: (siteId, p) =>
      presenceBySite
        .get(siteId, () => deepFreeze(presence.all(siteId).map(toPresenceMessage)))
        .filter((m) => pathMatches(m.triggerEventUrl, p)),
    listPresenceMessages: (siteId) => allPresence.all(siteId).map(toPresenceMessage),
    deletePresenceMessage(siteId, id, audit) {
      const gone = db.transaction(() => {
        const r = onePresence.get(siteId, id);
        if (!r) return null;
        const before = toPresenceMessage(r);
        deletePresence.run(id);
        if (audit) writeAudit(audit(before));
        return before;
      })();
      generation.bump();
      return gone;
    },
  };
}
