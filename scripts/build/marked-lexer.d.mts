/** Types of scripts/build/marked-lexer.mjs (see the TSDoc there). */
import type { Plugin } from 'esbuild';

/** marked reduced to its Lexer and Tokenizer, with the widget's options folded in. */
export const markedLexerOnly: Plugin;

/** The options the widget lexes with, as the values their reads become. */
export const FIXED_OPTIONS: Record<'pedantic' | 'gfm' | 'breaks' | 'silent' | 'extensions' | 'hooks', string>;
