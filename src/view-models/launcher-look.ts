/**
 * How the launcher looks for an appearance (widget-spec §2, §3): its name, icon, pulse, glow and
 * live dot. Pure and free of machines, so the launcher's first frame (src/launcher-preview.tsx)
 * can draw it before the machines have loaded; `connectLauncher` draws it the same way after.
 */
import type { Appearance } from '../../contract/appearance';

/** The src of an icon from the appearance: SVG markup as an inert image (never live markup), or an image URL; '' for none. */
export function iconSrc(type: 'svg' | 'image', value: string): string {
  if (!value) return '';
  if (type === 'svg') return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(value)}`;
  return /^(https?:|data:image\/)/i.test(value) ? value : '';
}

/** The launcher button for an appearance, the window open or not, the server answering or not. */
export function launcherLook(appearance: Appearance, open: boolean, reachable: boolean) {
  const l = appearance.launcher;
  return {
    label: open ? 'Close chat' : `Open chat with ${appearance.agentName}${reachable ? '' : ' (reconnecting)'}`,
    icon: open ? iconSrc(l.launcherCloseIconType, l.launcherCloseIcon) : iconSrc(l.launcherIconType, l.launcherIcon),
    pulse: l.pulseAnimation && !open,
    glow: l.glowEffect,
    liveDot: l.showLiveStatus && !open,
    /** issue 13: the live dot shows the widget reconnecting (grey) while the server does not answer. */
    offline: !reachable,
  };
}
