/**
 * The message banner under the status line (#url-message): what the URL, a file or a refused change had to say,
 * a title over a list, until the next load replaces it or the user dismisses it. Every line is set as text, never
 * HTML: these strings come from the URL or a file.
 */
import { fmtInt } from './controls/format';
import { $ } from './dom';

/** The banner lists at most this many lines (the rest are counted), each cut to MAX_MESSAGE_CHARS. */
const MAX_MESSAGE_LINES = 20;
const MAX_MESSAGE_CHARS = 1000;

export class MessageBanner {
  /** the lines last shown (kept when the banner is dismissed) */
  lines: string[] = [];
  private readonly box = $('url-message');
  private readonly text = $('url-message-text');

  constructor() {
    $('url-message-close').addEventListener('click', () => { this.box.hidden = true; });
  }

  /** Shows `lines` under `title`; no lines hides the banner. */
  show(lines: string[], title = 'Some settings could not be used; the defaults were kept:'): void {
    this.lines = lines;
    if (!lines.length) { this.box.hidden = true; return; }
    this.text.replaceChildren();
    const h = document.createElement('strong');
    h.textContent = title;
    this.text.appendChild(h);
    const ul = document.createElement('ul');
    const item = (text: string) => {
      const li = document.createElement('li');
      li.textContent = text;
      ul.appendChild(li);
    };
    // a file with a bad value in each of 10⁵ entries has 10⁵ problems: the first few say what is wrong
    for (const l of lines.slice(0, MAX_MESSAGE_LINES)) item(l.length > MAX_MESSAGE_CHARS ? `${l.slice(0, MAX_MESSAGE_CHARS)}…` : l);
    if (lines.length > MAX_MESSAGE_LINES) item(`… and ${fmtInt(lines.length - MAX_MESSAGE_LINES)} more problems`);
    this.text.appendChild(ul);
    this.box.hidden = false;
  }
}
