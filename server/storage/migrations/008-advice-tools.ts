/**
 * Schema version 8: a site's `adviceTools` switch (SiteConfig) is on for the demo site, which runs the journey whose
 * advice engine the answers' tools compute with; every other site keeps it off (its own documents give its figures).
 * The config is JSON text on both databases.
 */
import type { Migration } from './migration';

export const adviceTools: Migration = {
  version: 8,
  sqlite: `UPDATE sites SET config = json_set(config, '$.adviceTools', json('true')) WHERE name = 'Horizon Advice (demo)';`,
  postgres: `UPDATE sites SET config = (config::jsonb || '{"adviceTools": true}'::jsonb)::text WHERE name = 'Horizon Advice (demo)';`,
};
