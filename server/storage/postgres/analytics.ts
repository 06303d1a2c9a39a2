/** Analytics on PostgreSQL: the button clicks of `POST /api/button-click` (widget-spec §7). */
import type pg from 'pg';
import { now } from '../records';
import type { AnalyticsStorage, ButtonClick } from '../types';
import { one, sql } from './db';

const Q = {
  insertClick: sql(
    'click_insert',
    'INSERT INTO button_clicks (site_id, button_id, chat_session_id, chat_log_id, user_session_id, page_url, referrer_url, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
  ),
  countClicks: sql('click_count', 'SELECT count(*) AS n FROM button_clicks WHERE site_id = $1'),
};

/** The analytics methods of the storage. */
export function postgresAnalytics(pool: pg.Pool): AnalyticsStorage {
  return {
    async recordButtonClick(siteId, c: ButtonClick) {
      await pool.query(Q.insertClick([siteId, c.buttonId, c.chatSessionId, c.chatLogId, c.userSessionId, c.pageUrl, c.referrerUrl, now()]));
    },
    countButtonClicks: async (siteId) => Number((await one(pool, Q.countClicks([siteId])))!.n),
  };
}
