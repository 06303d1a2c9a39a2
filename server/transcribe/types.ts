/** The contract between the transcribe route and the speech-to-text engines. */

export interface Transcriber {
  /** 'pocketsphinx' or 'openai-compatible'. */
  readonly name: string;
  /** Turns an audio file (webm/opus from the widget's recorder) into text. */
  transcribe(audio: Buffer, filename: string, mimeType: string, signal?: AbortSignal): Promise<string>;
}

/** A transcription failure: bad audio (the route answers 422) or an engine fault (502). */
export class TranscriptionError extends Error {
  constructor(
    message: string,
    readonly kind: 'bad-audio' | 'engine',
  ) {
    super(message);
    this.name = 'TranscriptionError';
  }
}
