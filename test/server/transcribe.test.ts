/** How `createTranscriber` picks an engine from the environment. */
import { describe, expect, it } from 'vitest';
import { createTranscriber, TRANSCRIPTION_DISABLED_MESSAGE } from '../../server/transcribe';

const stt = { STT_BASE_URL: 'http://127.0.0.1:9/v1', STT_API_KEY: 'sk-test', STT_MODEL: 'whisper-1' };
const found = async () => true;
const notFound = async () => false;

describe('createTranscriber', () => {
  it('all three STT_* variables choose the OpenAI-compatible engine, even where PocketSphinx exists', async () => {
    const transcriber = await createTranscriber(stt, { detect: found });
    expect(transcriber?.name).toBe('openai-compatible');
  });

  it.each([
    [{ STT_BASE_URL: stt.STT_BASE_URL }, /STT_BASE_URL is set but STT_API_KEY and STT_MODEL are not/],
    [{ STT_API_KEY: 'k', STT_MODEL: 'm' }, /STT_API_KEY and STT_MODEL are set but STT_BASE_URL is not/],
    [{ ...stt, STT_MODEL: '  ' }, /STT_MODEL is not/],
  ])('a partial STT_* configuration is an error: %o', async (env, message) => {
    await expect(createTranscriber(env, { detect: found })).rejects.toThrow(message);
  });

  it('an STT_BASE_URL that is not a URL is an error', async () => {
    await expect(createTranscriber({ ...stt, STT_BASE_URL: 'api.openai.com' }, { detect: found })).rejects.toThrow(/http\(s\) URL/);
  });

  it('without STT_* it uses PocketSphinx where it is installed', async () => {
    expect((await createTranscriber({}, { detect: found }))?.name).toBe('pocketsphinx');
  });

  it('without STT_* or PocketSphinx there is no engine', async () => {
    expect(await createTranscriber({}, { detect: notFound })).toBeNull();
  });

  it('the disabled message says how to enable each engine', () => {
    for (const words of ['ffmpeg', 'pocketsphinx-en-us', 'STT_BASE_URL', 'STT_API_KEY', 'STT_MODEL']) {
      expect(TRANSCRIPTION_DISABLED_MESSAGE).toContain(words);
    }
  });
});
