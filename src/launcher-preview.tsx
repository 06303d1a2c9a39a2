/**
 * The launcher's first frame (issue 13): the same markup as the launcher of `App` (src/app.tsx),
 * drawn by the core before the machines have loaded. A click shows the window's placeholder and
 * is passed on: the engine opens the window when it takes over.
 */
import type { Appearance } from '../contract/appearance';
import { LauncherIcon } from './launcher-icons';
import { launcherLook } from './view-models/launcher-look';

export function Preview({ appearance, mobile, open, onOpen }: { appearance: Appearance; mobile: boolean; open: boolean; onOpen: () => void }) {
  const launcher = launcherLook(appearance, open, true);
  return (
    <div data-part="frame" data-align={appearance.launcher.alignment} data-mobile={mobile || undefined} data-open={open || undefined}>
      {open && (
        <div data-part="window" role="dialog" aria-label={appearance.agentName}>
          <p data-part="window-message" role="status">
            Loading…
          </p>
        </div>
      )}
      <button
        type="button"
        data-part="launcher"
        data-pulse={launcher.pulse || undefined}
        data-glow={launcher.glow || undefined}
        aria-label={launcher.label}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={onOpen}
      >
        {launcher.icon ? <img data-part="launcher-image" src={launcher.icon} alt="" /> : <LauncherIcon name="chat" />}
        {launcher.liveDot && <span data-part="live-dot" aria-hidden="true" />}
      </button>
    </div>
  );
}
