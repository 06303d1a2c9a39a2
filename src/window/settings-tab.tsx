/** The Settings tab (widget-spec §2): 'Email me a transcript' and 'Get help'. */
export function SettingsTab({ onTranscript, onHelp }: { onTranscript: () => void; onHelp: () => void }) {
  return (
    <section data-part="settings" aria-label="Settings">
      <button type="button" data-part="settings-button" onClick={onTranscript}>
        Email me a transcript
      </button>
      <p data-part="hint">Opens your email program with this conversation, ready to send to yourself.</p>
      <button type="button" data-part="settings-button" onClick={onHelp}>
        Get help
      </button>
      <p data-part="hint">Opens this site’s help page, or asks the assistant how to reach a person.</p>
    </section>
  );
}
