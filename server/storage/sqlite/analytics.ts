/** Analytics on SQLite: the button clicks of `POST /api/button-click` (widget-spec §7). */
import type { AnalyticsStorage, ButtonClick } from '../types';
import { now } from '../records';
import type { Db, Sync } from './db';

/** The analytics methods of the storage on `db`. */
export function sqliteAnalytics(db: Db): Sync<AnalyticsStorage> {
  const insertClick = db.prepare(
    'INSERT INTO button_clicks (site_id, button_id, chat_session_id, chat_log_id, user_session_id, page_url, referrer_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const countClicks = db.prepare<[string], number>('SELECT count(*) FROM button_clicks WHERE site_id = ?').pluck();
  return {
    recordButtonClick(siteId, c: ButtonClick) {
      insertClick.run(siteId, c.buttonId, c.chatSessionId, c.chatLogId, c.userSessionId, c.pageUrl, c.referrerUrl, now());
    },
    countButtonClicks: (siteId) => Number(countClicks.get(siteId)),
  };
}
