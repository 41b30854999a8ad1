/**
 * The fuzz family `grammar` (issue 39): the command line against every command's shape (src/cli/command-grammar.ts)
 * and the reads that must not block — a FIFO, a socket or a character device as a scenario or a tracks.csv
 * (which must end on their own, not at the time budget), options a command does not use, positionals too many,
 * counts and reals in every wrong form, malformed and duplicate compare variants, empty and inverted windows,
 * ragged tracks.csv rows, and an input error behind an option that prints a note. Each must be refused with
 * `error:` lines only (a note before an error is a stray line), or run with every output number finite.
 */
import { COMMANDS, OPTIONS } from '../../src/cli/command-grammar';
import type { FuzzCase } from './fuzz-lib';
import type { Rng } from './prng';

/** Counts in forms the grammar refuses (and two it takes) */
const COUNTS = ['0x2', '1e0', ' 2', '2 ', '2.0', '+2', '02', '-1', '0', '65', '1_0', '２', '2\u00a0', '', '9'.repeat(40), '1', '2'];
/** Reals in forms it refuses (and some it takes) */
const REALS = ['0x1', ' 0.1', '0.1 ', 'Infinity', '-Infinity', 'NaN', '1e999', '1,', ',', '.', '1e', '١', '0.1', '1e-2', '-0', '5e-324'];
/** compare variants: malformed, prototype-named, empty, and well formed ones (which may repeat) */
const VARIANTS = ['', ' ', ',', ',,', 'mu=0.3,,', ',mu=0.3', 'mu=0.3,mu=0.4', '__proto__=1', 'constructor=1', 'toString=x', 'mu', '=0.3',
  'mu=0.3', 'tangential=geometric', 'dtOverTc=0.05', 'mu=0.3,tangential=geometric'];
const COMMAND_NAMES = Object.keys(COMMANDS) as (keyof typeof COMMANDS)[];

/** The positionals a command takes, filled with something it can use */
function positionals(command: keyof typeof COMMANDS): string[] {
  return COMMANDS[command].positionals.map((p) => (p === 'format' ? 'lammps' : p === 'tracks.csv' ? '$S/in/t.csv' : 'head-on'));
}

const TRACKS = `t,x_0\n${Array.from({ length: 60 }, (_, q) => `${q * 1e-3},${Math.exp(-q / 30) * Math.sin(q / 3)}`).join('\n')}\n`;

export function grammarCase(r: Rng, k: number): FuzzCase {
  const family = 'grammar';
  const tracks = { path: 'in/t.csv', text: TRACKS };
  switch (k % 8) {
    case 0: {
      // reads that could block: each must be refused at once (mustEnd: a case still running at the budget is a hang)
      const kind = r.pick(['fifo', 'socket', 'device'] as const);
      const device = r.pick(['/dev/zero', '/dev/null', '/dev/full', '/dev/urandom', '/dev/stdin']);
      const path = kind === 'device' ? device : `$S/in/${kind}`;
      const args = r.chance(0.6) ? ['run', path, '--out', '$S/o'] : ['fit', path, '--column', 'x_0'];
      return { family, name: `${kind === 'device' ? device : `a ${kind}`} as ${args[0] === 'run' ? 'a scenario' : 'a tracks.csv'}`, setup: kind === 'device' ? [] : [{ path: `in/${kind}`, [kind]: true }], args, mustEnd: true };
    }
    case 1: {
      // an option the command does not use, or positionals too many
      const command = r.pick(COMMAND_NAMES);
      const unused = Object.keys(OPTIONS).filter((o) => o !== 'help' && !(COMMANDS[command].options as readonly string[]).includes(o));
      const extra = r.chance(0.3) || !unused.length;
      const option = extra ? [] : [`--${r.pick(unused)}`, ...(r.chance(0.8) ? [r.pick(['2', '0.1', 'x', '', 'notes.md#t'])] : [])];
      return { family, name: `${command}${extra ? ' with an extra positional' : ` ${option.join(' ')}`}`, setup: [tracks], args: [command, ...positionals(command), ...(extra ? [r.pick(['x', 'pile', '--', '-'])] : []), ...option] };
    }
    case 2: {
      // counts and reals in every form
      const count = r.pick(COUNTS), real = r.pick(REALS);
      const pick = r.int(4);
      const args = pick === 0 ? ['run', 'head-on', `--threads=${count}`, '--out', '$S/o']
        : pick === 1 ? ['convergence', 'case-i', '--steps', `${r.pick(['64', count])},${count}`, '--json']
          : pick === 2 ? ['sweep', 'two-disc', '--dt-over-tc', real, '--set', 'durationOverTc=50', '--json']
            : ['fit', '$S/in/t.csv', '--column', 'x_0', `--from=${real}`];
      return { family, name: args.join(' ').replace('$S/in/t.csv', 't.csv'), setup: [tracks], args };
    }
    case 3: {
      const variants = Array.from({ length: 2 + r.int(2) }, () => r.pick(VARIANTS));
      return { family, name: `compare ${variants.map((v) => JSON.stringify(v)).join(' ')}`, setup: [], args: ['compare', 'two-disc', '--set', 'durationOverTc=40', ...variants.flatMap((v) => ['--variant', v]), '--out', '$S/o'] };
    }
    case 4: {
      // windows: inverted, empty, past the run's end
      const [a, b] = [r.pick([0, 0.3, 0.6, 1e-6, 50]), r.pick([0, 0.2, 0.6, 1, 1e3])];
      const [scene, set, length] = r.pick([
        ['cd-chain', `run.oscillation={"of":49,"from":${a},"to":${b}}`, 'duration=0.7'],
        ['cd-piston', `run.oscillation={"of":"piston","from":${a},"to":${b}}`, 'duration=0.7'],
        ['two-disc', `run.relaxation={"from":${r.pick([1e-2, 1e-6, 0.5])},"to":${r.pick([1e-2, 1e-6, 0.5])}}`, 'durationOverTc=100'],
      ]);
      return { family, name: `${scene} --set ${set}`, setup: [], args: ['run', scene, '--set', set, '--set', length, '--out', '$S/o'] };
    }
    case 5: {
      // ragged tracks.csv rows: short, long, or all right
      const rows = TRACKS.trimEnd().split('\n');
      const at = 1 + r.int(rows.length - 1);
      rows[at] = r.pick([rows[at].split(',')[0], `${rows[at]},1`, `${rows[at]},`, rows[at]]);
      return { family, name: `fit: line ${at + 1} is '${rows[at]}'`, setup: [{ path: 'in/t.csv', text: `${rows.join('\n')}\n` }], args: ['fit', '$S/in/t.csv', '--column', 'x_0'] };
    }
    case 6: {
      // an input error behind an option that prints a note once the input is good
      const scenario = r.pick(['$S/none.json', 'no-such-scene', '$S/in', '$S/in/bad.json']);
      const set = r.chance(0.5) ? ['--set', r.pick(['mu=5000', 'density=1e-300', 'particles.0.r=5e-324', 'frob=1'])] : [];
      return { family, name: `run ${scenario} --threads 64 ${set.join(' ')}`, setup: [{ path: 'in/bad.json', text: '{"name":' }], args: ['run', scenario, '--threads', '64', ...set, '--out', '$S/o'] };
    }
    default: {
      // fit windows and delta-ek's two values
      return r.chance(0.5)
        ? { family, name: 'fit with an odd window', setup: [tracks], args: ['fit', '$S/in/t.csv', '--column', 'x_0', `--from=${r.pick(['0.03', '0.05', '0', '-1'])}`, `--to=${r.pick(['0.03', '0.01', '0.05', '1e-3'])}`] }
        : { family, name: 'delta-ek with odd Δt/tc values', setup: [], args: ['delta-ek', 'two-disc', '--dt-over-tc', `${r.pick(REALS)},${r.pick(REALS)}`, '--set', 'durationOverTc=20', '--out', '$S/o/d.csv'] };
    }
  }
}
