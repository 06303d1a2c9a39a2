/** The journey's pages a link opens, outside the flow (docs/advice-records.md): a resume code's and a partner's. */
export const LINK_PAGES: readonly string[] = ['/resume', '/partner'];
