// Preloaded into each fuzzed CLI process (node --import): writes the process's peak resident set size
// (kB) to $FUZZ_RSS_FILE when it exits, so the fuzz runner can report peak memory exactly. No output.
import { writeFileSync } from 'node:fs';

const file = process.env.FUZZ_RSS_FILE;
if (file) {
  process.on('exit', () => {
    try {
      writeFileSync(file, String(process.resourceUsage().maxRSS));
    } catch {
      // the runner falls back to its own /proc samples
    }
  });
}
