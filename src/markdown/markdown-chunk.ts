/**
 * The markdown renderer's chunk, as the widget loads it on demand (the chat's answers, the markdown
 * and docx viewers): only what they use, so that the chunk exports nothing else.
 */
export { Markdown, safeHref } from './markdown';
