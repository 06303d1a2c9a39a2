/**
 * The launcher's first frame (issue 13): the same markup as the launcher of `App` (src/app.tsx),
 * drawn by the core before the machines have loaded. A click shows the window's placeholder and
 * is passed on: the engine opens the window when it takes over.
 */
import type { Ref } from 'preact';
import type { Appearance } from '../contract/appearance';
import { LauncherIcon } from './launcher-icons';
import { launcherLook } from './view-models/launcher-look';

/** The launcher button, drawn the same by the first frame and by `App`. */
export function LauncherButton({
  look,
  open,
  onClick,
  buttonRef,
}: {
  look: ReturnType<typeof launcherLook>;
  open: boolean;
  onClick: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      type="button"
      ref={buttonRef}
      data-part="launcher"
      data-pulse={look.pulse || undefined}
      data-glow={look.glow || undefined}
      aria-label={look.label}
      aria-expanded={open}
      aria-haspopup="dialog"
      onClick={onClick}
      // Escape closes an open window from its launcher too, as it does from inside the window
      onKeyDown={open ? (e) => e.key === 'Escape' && onClick() : undefined}
    >
      {look.icon ? <img data-part="launcher-image" src={look.icon} alt="" /> : <LauncherIcon name={open ? 'close' : 'chat'} />}
      {look.liveDot && <span data-part="live-dot" data-offline={look.offline || undefined} aria-hidden="true" />}
    </button>
  );
}

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
      <LauncherButton look={launcher} open={open} onClick={onOpen} />
    </div>
  );
}
