import { MOBILE_BREAKPOINT_PX } from '../machines/constants';

/** Whether the host page is a phone's (widget-spec §9: 768 px or narrower, or a mobile user agent). */

export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export const isMobileViewport = () => matchMedia(MOBILE_QUERY).matches || /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
