/**
 * The appearance screen's place in the console: the route `/console/sites/:id/appearance` loads this module and
 * shows its `AppearanceScreen` with `{ siteId, api }`. This stand-in shows the screen's heading until the editor is in.
 */
import type { ConsoleApi } from '../api';
import { W } from '../messages';
import { Heading } from '../ui';

export function AppearanceScreen(_props: { siteId: string; api: ConsoleApi }) {
  return (
    <section data-part="screen">
      <Heading>{W.screens.appearance}</Heading>
      <p>{W.loading}</p>
    </section>
  );
}
