/**
 * Schema version 18: the analytics' figures per quarter-hour (server/storage/analytics-quarters.ts, docs/console.md
 * "Analytics"), so that a report on a year of a busy site reads its quarters instead of every message.
 *
 * - `analytics_quarters`: a site's counts per UTC quarter-hour (conversations started, messages, questions, and the
 *   questions unanswered by reason), kept for the quarters before the site's `analytics_rollups.rolled_until`;
 *   `analytics_stale`: the quarters to count again, marked by the triggers when a row they counted is written,
 *   changed or deleted (a message and the question before it, a conversation and its messages).
 * - Filled here for what is already stored, up to an hour before the migration runs; each report then counts the
 *   quarters that have ended since, up to an hour before it.
 * - No foreign keys: the triggers of a site's deletion would otherwise write rows of the site being deleted; its
 *   rows are deleted with it by a trigger of their own.
 */
import { quarterOf, rollupInsert } from '../analytics-quarters';
import type { Migration } from './migration';

const TABLES = (text: string) => `
  CREATE TABLE analytics_quarters (
    site_id ${text} NOT NULL,
    quarter ${text} NOT NULL,
    conversations integer NOT NULL,
    messages integer NOT NULL,
    questions integer NOT NULL,
    failed integer NOT NULL,
    incomplete integer NOT NULL,
    nothing_found integer NOT NULL,
    PRIMARY KEY (site_id, quarter)
  );
  CREATE TABLE analytics_rollups (site_id ${text} PRIMARY KEY, rolled_until ${text} NOT NULL);
  CREATE TABLE analytics_stale (site_id ${text} NOT NULL, quarter ${text} NOT NULL, PRIMARY KEY (site_id, quarter));`;

/** SQLite's marks: the quarters of `at` (SQL over the trigger's row) for the session `session`, when already counted. */
const sqliteMark = (session: string, times: string) => `
    INSERT OR IGNORE INTO analytics_stale (site_id, quarter)
    SELECT r.site_id, ${quarterOf('x.at')} FROM chat_sessions s JOIN analytics_rollups r ON r.site_id = s.site_id
      JOIN (${times}) x ON x.at < r.rolled_until
     WHERE s.id = ${session};`;
/** A message's time and the time of the message before it (whose question's reason it is). */
const messageTimes = (row: 'new' | 'old') =>
  `SELECT ${row}.created_at AS at UNION ALL SELECT created_at FROM messages WHERE chat_session_id = ${row}.chat_session_id AND seq = ${row}.seq - 1`;

const SQLITE_CUTOFF = `strftime('%Y-%m-%dT%H:00:00.000Z', 'now', '-1 hour')`;
const POSTGRES_CUTOFF = `to_char(date_trunc('hour', now() AT TIME ZONE 'UTC') - interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const analyticsQuarters: Migration = {
  version: 18,
  sqlite: `${TABLES('TEXT')}
  CREATE TRIGGER analytics_message_insert AFTER INSERT ON messages BEGIN${sqliteMark('new.chat_session_id', messageTimes('new'))}
  END;
  CREATE TRIGGER analytics_message_update AFTER UPDATE ON messages BEGIN${sqliteMark('old.chat_session_id', messageTimes('old'))}${sqliteMark('new.chat_session_id', messageTimes('new'))}
  END;
  CREATE TRIGGER analytics_message_delete AFTER DELETE ON messages BEGIN${sqliteMark('old.chat_session_id', messageTimes('old'))}
  END;
  CREATE TRIGGER analytics_session_insert AFTER INSERT ON chat_sessions WHEN new.message_count > 0 BEGIN${sqliteMark('new.id', 'SELECT new.created_at AS at')}
  END;
  CREATE TRIGGER analytics_session_update AFTER UPDATE OF site_id, created_at, message_count ON chat_sessions
    WHEN old.site_id <> new.site_id OR old.created_at <> new.created_at OR (old.message_count > 0) <> (new.message_count > 0) BEGIN${sqliteMark('new.id', 'SELECT old.created_at AS at UNION ALL SELECT new.created_at')}
  END;
  CREATE TRIGGER analytics_session_delete BEFORE DELETE ON chat_sessions BEGIN${sqliteMark('old.id', 'SELECT old.created_at AS at UNION ALL SELECT created_at FROM messages WHERE chat_session_id = old.id')}
  END;
  CREATE TRIGGER analytics_site_delete AFTER DELETE ON sites BEGIN
    DELETE FROM analytics_quarters WHERE site_id = old.id;
    DELETE FROM analytics_rollups WHERE site_id = old.id;
    DELETE FROM analytics_stale WHERE site_id = old.id;
  END;
  INSERT INTO analytics_rollups (site_id, rolled_until) SELECT id, ${SQLITE_CUTOFF} FROM sites;
  ${rollupInsert({ from: "''", to: SQLITE_CUTOFF })};
  `,
  postgres: `${TABLES('text COLLATE "C"')}
  CREATE FUNCTION analytics_mark(p_session text, p_at text) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
    INSERT INTO analytics_stale (site_id, quarter)
    SELECT r.site_id, ${quarterOf('p_at')} FROM chat_sessions s JOIN analytics_rollups r ON r.site_id = s.site_id
     WHERE s.id = p_session AND p_at < r.rolled_until
    ON CONFLICT DO NOTHING
  $$;
  CREATE FUNCTION analytics_message_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    IF TG_OP <> 'DELETE' THEN
      PERFORM analytics_mark(NEW.chat_session_id, NEW.created_at);
      PERFORM analytics_mark(NEW.chat_session_id, m.created_at) FROM messages m WHERE m.chat_session_id = NEW.chat_session_id AND m.seq = NEW.seq - 1;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      PERFORM analytics_mark(OLD.chat_session_id, OLD.created_at);
      PERFORM analytics_mark(OLD.chat_session_id, m.created_at) FROM messages m WHERE m.chat_session_id = OLD.chat_session_id AND m.seq = OLD.seq - 1;
    END IF;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER analytics_message_changed AFTER INSERT OR UPDATE OR DELETE ON messages FOR EACH ROW EXECUTE FUNCTION analytics_message_changed();
  CREATE FUNCTION analytics_session_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      PERFORM analytics_mark(OLD.id, OLD.created_at);
      PERFORM analytics_mark(OLD.id, m.created_at) FROM messages m WHERE m.chat_session_id = OLD.id;
      RETURN OLD;
    END IF;
    IF TG_OP = 'INSERT' THEN
      IF NEW.message_count > 0 THEN PERFORM analytics_mark(NEW.id, NEW.created_at); END IF;
    ELSIF OLD.site_id <> NEW.site_id OR OLD.created_at <> NEW.created_at OR (OLD.message_count > 0) <> (NEW.message_count > 0) THEN
      PERFORM analytics_mark(NEW.id, OLD.created_at);
      PERFORM analytics_mark(NEW.id, NEW.created_at);
    END IF;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER analytics_session_changed AFTER INSERT OR UPDATE OF site_id, created_at, message_count ON chat_sessions FOR EACH ROW EXECUTE FUNCTION analytics_session_changed();
  CREATE TRIGGER analytics_session_deleted BEFORE DELETE ON chat_sessions FOR EACH ROW EXECUTE FUNCTION analytics_session_changed();
  CREATE FUNCTION analytics_site_deleted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    DELETE FROM analytics_quarters WHERE site_id = OLD.id;
    DELETE FROM analytics_rollups WHERE site_id = OLD.id;
    DELETE FROM analytics_stale WHERE site_id = OLD.id;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER analytics_site_deleted AFTER DELETE ON sites FOR EACH ROW EXECUTE FUNCTION analytics_site_deleted();
  INSERT INTO analytics_rollups (site_id, rolled_until) SELECT id, ${POSTGRES_CUTOFF} FROM sites;
  ${rollupInsert({ from: "''", to: POSTGRES_CUTOFF })};
  `,
};
